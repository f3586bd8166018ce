package abstain

// stepStories are the sequential_steps base problems.
func stepStories() []story {
	const d = DomainSequentialSteps
	return []story{
		{domain: d, defect: MissingQuantity, nums: "start=6..15 off1=2..5 on1=2..8 off2=2..6",
			ok: func(v vals) bool { return v["start"] > v["off1"] && v["start"]-v["off1"]+v["on1"] > v["off2"] },
			lines: []line{
				{text: "An elevator leaves the lobby with {start} people inside.", facts: "start = #"},
				{text: "At the second floor {off1} people get off and {on1} people get on.", facts: "off1 = #; on1 = #; after = start - off1 + on1",
					modText: "At the second floor {off1} people get off and a few people get on.", modFacts: "off1 = #; on1 = ?; after = start - off1 + on1"},
				{text: "At the fifth floor {off2} people get off.", facts: "off2 = #"},
				{text: "How many people are in the elevator now?", facts: "now = after - off2"},
			},
			query: "now", answer: func(v vals) int64 { return v["start"] - v["off1"] + v["on1"] - v["off2"] }},
		{domain: d, defect: MissingQuantity, nums: "start=200..600 dep=50..300 bill=40..200 wd=20..100",
			lines: []line{
				{text: "On Monday {P}'s account held ${start}.", facts: "start = #"},
				{text: "On Tuesday {P} deposited ${dep}.", facts: "dep = #; b1 = start + dep"},
				{text: "On Wednesday {P} paid an electricity bill of ${bill}.", facts: "bill = #; b2 = b1 - bill",
					modText: "On Wednesday {P} paid an electricity bill.", modFacts: "bill = ?; b2 = b1 - bill"},
				{text: "On Thursday {P} withdrew ${wd}.", facts: "wd = #"},
				{text: "How many dollars are in the account now?", facts: "now = b2 - wd"},
			},
			query: "now", answer: func(v vals) int64 { return v["start"] + v["dep"] - v["bill"] - v["wd"] }},
		{domain: d, defect: MissingQuantity, nums: "start=5..20 on=3..12 off=2..10",
			ok: func(v vals) bool { return v["off"] <= v["start"]+v["on"] && v["on"] != v["off"] },
			lines: []line{
				{text: "A bus leaves the depot with {start} passengers.", facts: "start = #",
					modText: "A bus leaves the depot with passengers on board.", modFacts: "start = ?"},
				{text: "At the first stop, {on} passengers board and nobody leaves.", facts: "on = #; mid = start + on"},
				{text: "At the second stop, {off} passengers leave and nobody boards.", facts: "off = #"},
				{text: "How many passengers are on the bus after the second stop?", facts: "now = mid - off"},
			},
			query: "now", answer: func(v vals) int64 { return v["start"] + v["on"] - v["off"] }},
		{domain: d, defect: MissingRelationship, nums: "p1=10..30 k=2..4 p3=5..25",
			lines: []line{
				{text: "{P} reads {p1} pages on Monday.", facts: "p1 = #"},
				{text: "On Tuesday {P} reads {k} times as many pages as on Monday.", facts: "k = #; p2 = k * p1",
					modText: "On Tuesday {P} reads more pages than on Monday.", modFacts: "p2 = ?"},
				{text: "On Wednesday {P} reads {p3} pages.", facts: "p3 = #"},
				{text: "How many pages has {P} read over the three days?", facts: "pages = p1 + p2 + p3"},
			},
			query: "pages", answer: func(v vals) int64 { return v["p1"]*(1+v["k"]) + v["p3"] }},
		{domain: d, defect: MissingRelationship, nums: "flour=300..800 less=50..250 salt=5..20",
			lines: []line{
				{text: "A baker first weighs out {flour} grams of flour.", facts: "flour = #"},
				{text: "Next the baker adds water weighing {less} grams less than the flour.", facts: "less = #; water = flour - less",
					modText: "Next the baker adds water weighing less than the flour.", modFacts: "water = ?"},
				{text: "Last the baker adds {salt} grams of salt.", facts: "salt = #"},
				{text: "How many grams does the dough weigh?", facts: "dough = flour + water + salt"},
			},
			query: "dough", answer: func(v vals) int64 { return 2*v["flour"] - v["less"] + v["salt"] }},
		{domain: d, defect: MissingRelationship, nums: "rounds=3..8 pts=5..15 pen=2..10",
			lines: []line{
				{text: "A quiz game has {rounds} rounds.", facts: "rounds = #"},
				{text: "{P} scores {pts} points in every round.", facts: "pts = #; raw = rounds * pts",
					modText: "{P} scores {pts} points in the first round.", modFacts: "pts = #; raw = ?"},
				{text: "After the last round {P} loses {pen} points as a penalty.", facts: "pen = #"},
				{text: "What is {P}'s final score?", facts: "score = raw - pen"},
			},
			query: "score", answer: func(v vals) int64 { return v["rounds"]*v["pts"] - v["pen"] }},
		{domain: d, defect: ContradictoryFacts, nums: "start=8..16 off=2..6 on=2..9 wrong=2..14",
			ok: func(v vals) bool { return v["wrong"] != v["start"]-v["off"] },
			lines: []line{
				{text: "An elevator starts at the ground floor with {start} people.", facts: "!start = #"},
				{text: "At the first stop {off} people get off and nobody gets on.", facts: "off = #; after = start - off",
					modText:  "At the first stop {off} people get off and nobody gets on, leaving {wrong} people inside.",
					modFacts: "off = #; after = start - off; !after = #wrong"},
				{text: "At the second stop {on} people get on.", facts: "on = #"},
				{text: "How many people are in the elevator now?", facts: "now = after + on"},
			},
			query: "now", answer: func(v vals) int64 { return v["start"] - v["off"] + v["on"] }},
		{domain: d, defect: ContradictoryFacts, nums: "start=300..900 w1=20..150 w2=20..150 wrong=40..300",
			ok: func(v vals) bool { return v["wrong"] != v["w1"]+v["w2"] },
			lines: []line{
				{text: "{P} opened a savings account with ${start}.", facts: "start = #"},
				{text: "Later {P} withdrew ${w1} and then ${w2}.", facts: "w1 = #; w2 = #; out = w1 + w2",
					modText: "Later {P} withdrew ${w1} and then ${w2}, ${wrong} in all.", modFacts: "w1 = #; w2 = #; out = w1 + w2; !out = #wrong"},
				{text: "How many dollars are left in the account?", facts: "left = start - out"},
			},
			query: "left", answer: func(v vals) int64 { return v["start"] - v["w1"] - v["w2"] }},
		{domain: d, defect: ContradictoryFacts, nums: "a=20..60 b=20..60 c=20..60 price=6..14 wrong=70..200",
			ok: func(v vals) bool { return v["wrong"] != v["a"]+v["b"]+v["c"] },
			lines: []line{
				{text: "A cinema sold tickets for a film in three rounds: {a}, then {b}, then {c}.", facts: "a = #; b = #; c = #; sold = a + b + c"},
				{text: "That filled every seat in the hall.", facts: "seats = sold",
					modText: "That filled all {wrong} seats in the hall.", modFacts: "seats = sold; !seats = #wrong"},
				{text: "Each ticket cost ${price}.", facts: "price = #"},
				{text: "How many dollars did the cinema take for the film?", facts: "money = seats * price"},
			},
			query: "money", answer: func(v vals) int64 { return (v["a"] + v["b"] + v["c"]) * v["price"] }},
		{domain: d, defect: ContradictoryFacts, nums: "mix=10..25 bake=30..60 cool=15..40 wrong=50..130",
			ok: func(v vals) bool { return v["wrong"] != v["mix"]+v["bake"]+v["cool"] },
			lines: []line{
				{text: "A cake needs {mix} minutes of mixing, then {bake} minutes of baking, then {cool} minutes of cooling.",
					facts:    "mix = #; bake = #; cool = #; whole = mix + bake + cool",
					modText:  "A cake needs {mix} minutes of mixing, then {bake} minutes of baking, then {cool} minutes of cooling, {wrong} minutes from start to finish.",
					modFacts: "mix = #; bake = #; cool = #; whole = mix + bake + cool; !whole = #wrong"},
				{text: "The steps follow one another with no breaks.", facts: ""},
				{text: "How many minutes does the cake take from start to finish?"},
			},
			query: "whole", answer: func(v vals) int64 { return v["mix"] + v["bake"] + v["cool"] }},
	}
}

// relationStories are the relational_reasoning base problems.
func relationStories() []story {
	const d = DomainRelationalReasoning
	return []story{
		{domain: d, defect: MissingQuantity, nums: "a=5..30 more=2..15 less=2..10",
			ok: func(v vals) bool { return v["less"] < v["a"]+v["more"] },
			lines: []line{
				{text: "{P} has lived in the town for {a} years.", facts: "a = #",
					modText: "{P} has lived in the town for many years.", modFacts: "a = ?"},
				{text: "{Q} has lived there {more} years longer than {P}.", facts: "more = #; q = a + more"},
				{text: "{R} has lived there {less} years less than {Q}.", facts: "less = #; r = q - less"},
				{text: "How many years has {R} lived in the town?"},
			},
			query: "r", answer: func(v vals) int64 { return v["a"] + v["more"] - v["less"] }},
		{domain: d, defect: MissingQuantity, nums: "lib=8..25 taller=3..20",
			lines: []line{
				{text: "The library is {lib} metres tall.", facts: "lib = #"},
				{text: "The bank is {taller} metres taller than the library.", facts: "taller = #; bank = lib + taller",
					modText: "The bank is a few metres taller than the library.", modFacts: "taller = ?; bank = lib + taller"},
				{text: "The new tower is as tall as the library and the bank together.", facts: "tower = lib + bank"},
				{text: "How many metres tall is the new tower?"},
			},
			query: "tower", answer: func(v vals) int64 { return 2*v["lib"] + v["taller"] }},
		{domain: d, defect: MissingQuantity, nums: "both=2..6 onlyc=3..10 onlyd=3..10 neither=2..8",
			derive: func(v vals) {
				v["chess"] = v["onlyc"] + v["both"]
				v["draughts"] = v["onlyd"] + v["both"]
				v["n"] = v["onlyc"] + v["onlyd"] + v["both"] + v["neither"]
			},
			lines: []line{
				{text: "A class has {n} students.", facts: "n = #"},
				{text: "{chess} of them play chess and {draughts} play draughts.", facts: "chess = #; draughts = #"},
				{text: "{both} students play both games.", facts: "both = #",
					modText: "Some students play both games.", modFacts: "both = ?"},
				{text: "How many students play neither game?", facts: "neither = n - chess - draughts + both"},
			},
			query: "neither", answer: func(v vals) int64 { return v["neither"] }},
		{domain: d, defect: MissingRelationship, nums: "tree=3..9 k=2..5 shorter=1..6",
			ok: func(v vals) bool { return v["shorter"] < v["k"]*v["tree"] },
			lines: []line{
				{text: "A tree in the square is {tree} metres tall.", facts: "tree = #"},
				{text: "The flagpole beside it is {k} times as tall as the tree.", facts: "k = #; pole = k * tree",
					modText: "The flagpole beside it is taller than the tree.", modFacts: "pole = ?"},
				{text: "The kiosk is {shorter} metres shorter than the flagpole.", facts: "shorter = #; kiosk = pole - shorter"},
				{text: "How many metres tall is the kiosk?"},
			},
			query: "kiosk", answer: func(v vals) int64 { return v["k"]*v["tree"] - v["shorter"] }},
		{domain: d, defect: MissingRelationship, nums: "a=20..60 younger=3..15 y=2..12",
			lines: []line{
				{text: "{P} is {a} years old.", facts: "a = #"},
				{text: "{Q} is {younger} years younger than {P}.", facts: "younger = #; q = a - younger",
					modText: "{Q} is younger than {P}.", modFacts: "q = ?"},
				{text: "How old will {Q} be in {y} years?", facts: "y = #; later = q + y"},
			},
			query: "later", answer: func(v vals) int64 { return v["a"] - v["younger"] + v["y"] }},
		{domain: d, defect: MissingRelationship, nums: "red=3..15 green=3..15",
			lines: []line{
				{text: "A red box weighs {red} kg.", facts: "red = #"},
				{text: "A blue box weighs the same as the red box.", facts: "blue = red",
					modText: "A blue box weighs a different amount from the red box.", modFacts: "blue = ?"},
				{text: "A green box weighs {green} kg.", facts: "green = #"},
				{text: "How many kilograms do the three boxes weigh together?", facts: "weight = red + blue + green"},
			},
			query: "weight", answer: func(v vals) int64 { return 2*v["red"] + v["green"] }},
		{domain: d, defect: ContradictoryFacts, nums: "both=3..12 onlyt=5..20 onlys=5..20 wrong=2..25",
			derive: func(v vals) {
				v["tennis"] = v["onlyt"] + v["both"]
				v["swim"] = v["onlys"] + v["both"]
				v["total"] = v["onlyt"] + v["onlys"] + v["both"]
			},
			ok: func(v vals) bool { return v["wrong"] != v["both"] },
			lines: []line{
				{text: "A sports club has {total} members.", facts: "!total = #"},
				{text: "{tennis} members play tennis and {swim} members swim.", facts: "tennis = #; swim = #"},
				{text: "Every member does at least one of the two.", facts: "total = tennis + swim - both",
					modText:  "Every member does at least one of the two, and exactly {wrong} members do both.",
					modFacts: "total = tennis + swim - both; !both = #wrong"},
				{text: "How many members do both?"},
			},
			query: "both", answer: func(v vals) int64 { return v["both"] }},
		{domain: d, defect: ContradictoryFacts, nums: "a=10..40 older=2..12 y=2..10 wrong=10..55",
			ok: func(v vals) bool { return v["wrong"] != v["a"]+v["older"] },
			lines: []line{
				{text: "{P} is {a} years old.", facts: "a = #"},
				{text: "{Q} is {older} years older than {P}.", facts: "older = #; q = a + older",
					modText: "{Q} is {older} years older than {P} and is {wrong} years old.", modFacts: "older = #; q = a + older; !q = #wrong"},
				{text: "How old will {Q} be in {y} years?", facts: "y = #; later = q + y"},
			},
			query: "later", answer: func(v vals) int64 { return v["a"] + v["older"] + v["y"] }},
		{domain: d, defect: ContradictoryFacts, nums: "bush=2..6 k=2..5 wrong=2..9",
			derive: func(v vals) { v["oak"] = v["bush"] * v["k"] },
			ok:     func(v vals) bool { return v["wrong"] != v["bush"] && v["wrong"] < v["oak"] },
			lines: []line{
				{text: "An oak is {oak} metres tall, {k} times the height of a bush beside it.", facts: "!oak = #; k = #; oak = k * bush",
					modText:  "An oak is {oak} metres tall, {k} times the height of a bush beside it, which is {wrong} metres tall.",
					modFacts: "!oak = #; k = #; oak = k * bush; !bush = #wrong"},
				{text: "How many metres taller than the bush is the oak?", facts: "diff = oak - bush"},
			},
			query: "diff", answer: func(v vals) int64 { return v["oak"] - v["bush"] }},
		{domain: d, defect: ContradictoryFacts, nums: "ab=10..60 bc=10..60 wrong=15..130",
			ok: func(v vals) bool { return v["wrong"] != v["ab"]+v["bc"] },
			lines: []line{
				{text: "Town B lies on the straight road between town A and town C.", facts: "ac = ab + bc"},
				{text: "It is {ab} km from A to B and {bc} km from B to C.", facts: "ab = #; bc = #",
					modText: "It is {ab} km from A to B, {bc} km from B to C and {wrong} km from A to C.", modFacts: "ab = #; bc = #; !ac = #wrong"},
				{text: "How many kilometres is it from A to C along the road?"},
			},
			query: "ac", answer: func(v vals) int64 { return v["ab"] + v["bc"] }},
	}
}
