package grid

// claim is one statement a text object of a HalluWorld level makes about
// what an area held: which text object says it (the label of the
// observation showing it, and its kind), the area it is about (a label;
// "" for the area the text object is in), the fact (a count of objects of
// a name, or the state of a door) and the value stated. The tables below
// are read off the level files' texts by hand; the tests hold every entry
// to what a reader of the text takes the text object to say. Only counts
// are asked: the levels' doors are too few, and too often locked, for
// door-state golds to be balanced.
type claim struct {
	source string
	kind   Kind
	area   string
	name   string
	value  string
}

// c builds a claim.
func c(source string, kind Kind, area, name, value string) claim {
	return claim{source: source, kind: kind, area: area, name: name, value: value}
}

// Tour claims shared by X1 and X2 (X2 repeats X1's zones a–c).
var x1Claims = []claim{
	c("zone b", Signpost, "zone a", "red key", "4"),
	c("zone c", NoticeBoard, "zone a", "red key", "3"),
	c("zone c", NoticeBoard, "zone a", "green key", "1"),
	c("zone c", NoticeBoard, "zone a", "blue ball", "2"),
}

// levelClaims are the claims of the keys whose text objects speak of
// areas: M4's narrating signpost and the facility tours' signposts and
// notice boards. X6 (a maintenance log of changes) and X7 (a quest's lore)
// state no count or door state and have none.
var levelClaims = map[string][]claim{
	"M4_narrator": {
		c("", Signpost, "", "red key", "3"),
		c("", Signpost, "", "blue ball", "1"),
	},
	"X1_facility_tour": x1Claims,
	"X2_facility_tour": append(append([]claim(nil), x1Claims...),
		c("zone d", Signpost, "zone a", "red key", "5"),
		c("zone e", NoticeBoard, "zone a", "red key", "3"),
		c("zone e", NoticeBoard, "zone a", "blue ball", "2"),
		c("zone e", NoticeBoard, "zone a", "green key", "1"),
	),
	"X3_facility_tour": {
		c("zone c", Signpost, "zone a", "red key", "6"),
		c("zone d", Signpost, "zone a", "red key", "5"),
		c("zone d", Signpost, "zone b", "blue key", "4"),
		c("zone e", NoticeBoard, "zone a", "red key", "4"),
		c("zone e", NoticeBoard, "zone a", "blue ball", "3"),
		c("zone e", NoticeBoard, "zone a", "green key", "2"),
		c("zone e", NoticeBoard, "zone a", "red ball", "1"),
		c("zone f", NoticeBoard, "zone b", "blue key", "3"),
		c("zone f", NoticeBoard, "zone b", "green ball", "2"),
		c("zone f", NoticeBoard, "zone b", "red ball", "1"),
	},
	"X4_facility_tour": {
		c("zone c", Signpost, "zone a", "red key", "4"),
		c("zone c", Signpost, "zone b", "red key", "2"),
		c("zone d", Signpost, "zone a", "red key", "3"),
		c("zone d", Signpost, "zone c", "red key", "0"),
		c("zone e", NoticeBoard, "zone c", "red key", "3"),
	},
	"X5_facility_tour": {
		c("zone c", Signpost, "zone a", "red key", "2"),
		c("zone c", Signpost, "zone b", "red key", "4"),
		c("zone d", Signpost, "zone a", "red key", "1"),
		c("zone d", Signpost, "zone b", "red key", "3"),
		c("zone d", Signpost, "zone c", "red key", "2"),
		c("zone e", Signpost, "zone b", "red key", "4"),
		c("zone e", Signpost, "zone d", "red key", "2"),
		c("zone f", Signpost, "zone a", "red key", "2"),
		c("zone f", Signpost, "zone b", "red key", "4"),
		c("zone f", Signpost, "zone e", "red key", "1"),
		c("zone g", NoticeBoard, "zone e", "red key", "0"),
	},
}
