package grid

// Terrain is what a cell is made of, under any object on it.
type Terrain uint8

// The terrains. Fire goes out next to a flooded tile (scorch, passable);
// a flood tile becomes impassable from its rise step on.
const (
	Floor Terrain = iota
	Wall
	Goal
	Tree
	Fire
	River
	Water
	Mud
	ElevatedGround
	DarkZone
	ZoneMarker
	PlateTile
	FloodTile
)

// Cell is one grid cell's terrain and its parameters.
type Cell struct {
	Terrain Terrain
	// Token is the level file's token for the terrain (z0, p1, f3, ~E, …).
	Token string
	// Flow and Speed are a river cell's direction and cells per step.
	Flow  Dir
	Speed int
	// Rise is a flood tile's rise step; Index its N (flood_N, plate_N).
	Rise  int
	Index string
	// Elevated: ET ground or a declared elevated_cell; objects on it are
	// never submerged.
	Elevated bool
}

// staticPassable reports whether the terrain lets the agent through
// whatever the time: floor-like terrain. Fire, flood tiles and the
// impassable terrains are not.
func (c Cell) staticPassable() bool {
	switch c.Terrain {
	case Floor, Goal, River, Mud, ElevatedGround, DarkZone, ZoneMarker, PlateTile:
		return true
	}
	return false
}

// seeBehind reports whether the terrain lets sight through.
func (c Cell) seeBehind() bool { return c.Terrain != Wall && c.Terrain != Tree }
