package grid

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// levelFiles are HalluWorld's 84 level files, byte for byte (CC BY 4.0,
// see NOTICE).
//
//go:embed levels/*.txt levels/*.innav.json
var levelFiles embed.FS

// file is one file of a level key: its name, the label its observation
// carries in a multi-file history, and the area (room) it shows. Files of
// the same area show the same room at different times.
type file struct{ name, label, area string }

// key is one of HalluWorld's 33 level keys (§6.6): its files in order, the
// views HalluWorld ran it in, a horizon for the river keys, the actions
// between observations of a one-file episode, and whether it is in the
// C.dynamics scope (§14.13).
type key struct {
	name     string
	files    []file
	views    []string
	horizon  int
	actions  []Action
	dynamics bool
}

// tier is the key's letter: P, M, C, U or X.
func (k key) tier() string { return k.name[:1] }

// one is a single-file, single-area key.
func one(name string) []file { return []file{{name: name, area: "room"}} }

// rooms is a key whose files each show their own room, labelled.
func rooms(pairs ...string) []file {
	var out []file
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, file{name: pairs[i], label: pairs[i+1], area: pairs[i+1]})
	}
	return out
}

// sameRoom is a key whose files show one room at different times.
func sameRoom(pairs ...string) []file {
	out := rooms(pairs...)
	for i := range out {
		out[i].area = "room"
	}
	return out
}

// zones is an X tour: the zone files, each its own area, labels
// "zone a" …; area names given explicitly where a zone is revisited.
func zones(prefixed ...string) []file {
	var out []file
	for _, n := range prefixed {
		_, rest, _ := strings.Cut(n, "_")
		label := strings.ReplaceAll(rest, "_", " ")
		area := label
		for _, suffix := range []string{" revisit", " return", " postcombat"} {
			area = strings.TrimSuffix(area, suffix)
		}
		out = append(out, file{name: n + ".txt", label: label, area: area})
	}
	return out
}

var (
	symbolicASCII = []string{Symbolic, ASCII}
	memoryOnly    = []string{Memory}
	symbolicOnly  = []string{Symbolic}
)

// keys are the 33 HalluWorld level keys in the README's order.
var keys = []key{
	{name: "P1_dense_array", files: one("dense_array.txt"), views: symbolicASCII},
	{name: "P2_corridor_gauntlet", files: one("corridor_gauntlet.txt"), views: symbolicASCII},
	{name: "P3_rotation_challenge", files: one("rotation_challenge.txt"), views: symbolicASCII},
	{name: "P4_harder_array", files: one("harder_array.txt"), views: symbolicASCII},
	{name: "P4_delta_perception", files: one("delta_perception.txt"), views: symbolicASCII,
		actions: []Action{Forward, Forward, Forward}},
	{name: "P5_object_permanence", files: sameRoom("permanence_init.txt", "init", "permanence_moved.txt", "moved"), views: symbolicASCII},
	{name: "M1_river_3", files: one("river_field.txt"), views: memoryOnly, horizon: 3, dynamics: true},
	{name: "M1_river_6", files: one("river_field.txt"), views: memoryOnly, horizon: 6, dynamics: true},
	{name: "M1_river_9", files: one("river_field.txt"), views: memoryOnly, horizon: 9, dynamics: true},
	{name: "M2_witness_stand", files: rooms("witness_chamber1.txt", "chamber 1", "witness_chamber2.txt", "chamber 2",
		"witness_chamber3.txt", "chamber 3", "witness_chamber4.txt", "chamber 4", "witness_chamber5.txt", "chamber 5"), views: symbolicASCII},
	{name: "M3_incident_report", files: sameRoom("incident_t0.txt", "t0", "incident_t6.txt", "t6"), views: symbolicASCII},
	{name: "M4_narrator", files: one("narrator_room.txt"), views: memoryOnly, actions: []Action{Forward, Forward}},
	{name: "C1a_persistent_chain", files: sameRoom("c1a_persistent_chain_t0.txt", "t0", "c1a_persistent_chain.txt", "now"), views: memoryOnly},
	{name: "C1a_noboard", files: sameRoom("c1a_noboard_t0.txt", "t0", "c1a_noboard.txt", "now"), views: memoryOnly},
	{name: "C1b_continuous_chain", files: sameRoom("c1b_continuous_chain_t0.txt", "t0", "c1b_continuous_chain.txt", "now"), views: memoryOnly},
	{name: "C1b_noboard", files: sameRoom("c1b_noboard_t0.txt", "t0", "c1b_noboard.txt", "now"), views: memoryOnly},
	{name: "C2_fire_crossing", files: one("c2_fire_crossing.txt"), views: memoryOnly, dynamics: true},
	{name: "C3_flood_room", files: one("c3_flood_room.txt"), views: memoryOnly, dynamics: true},
	{name: "C4_forking_paths", files: one("c4_forking_paths.txt"), views: memoryOnly},
	{name: "C5a_adversarial_board", files: one("c5a_adversarial_board.txt"), views: memoryOnly},
	{name: "C6_flood_fire_escape", files: one("c6_flood_fire_escape.txt"), views: memoryOnly, dynamics: true},
	{name: "U1_fog_of_war", files: rooms("u1_hub.txt", "hub", "u1_room_a.txt", "room a", "u1_room_c.txt", "room c"), views: symbolicOnly},
	{name: "U2_oracle_high", files: rooms("u2_agent_zone_high.txt", "agent zone high", "u2_target_room.txt", "target room"), views: memoryOnly},
	{name: "U2_oracle_mid", files: rooms("u2_agent_zone_mid.txt", "agent zone mid", "u2_target_room.txt", "target room"), views: memoryOnly},
	{name: "U2_oracle_low", files: rooms("u2_agent_zone_low.txt", "agent zone low", "u2_target_room.txt", "target room"), views: memoryOnly},
	{name: "U4_amnesiac", files: sameRoom("u4_obs1.txt", "obs1", "u4_obs2.txt", "obs2"), views: symbolicOnly},
	{name: "X1_facility_tour", files: zones("x1_zone_a", "x1_zone_b", "x1_zone_c"), views: symbolicASCII},
	{name: "X2_facility_tour", files: zones("x1_zone_a", "x1_zone_b", "x1_zone_c", "x2_zone_d", "x2_zone_e"), views: symbolicASCII},
	{name: "X3_facility_tour", files: zones("x3_zone_a", "x3_zone_b", "x3_zone_c", "x3_zone_d", "x3_zone_e", "x3_zone_f", "x3_zone_g"), views: symbolicASCII},
	{name: "X4_facility_tour", files: zones("x4_zone_a", "x4_zone_b", "x4_zone_c", "x4_zone_d", "x4_zone_e"), views: symbolicASCII},
	{name: "X5_facility_tour", files: zones("x5_zone_a", "x5_zone_b", "x5_zone_c", "x5_zone_d", "x5_zone_e", "x5_zone_f", "x5_zone_g"), views: symbolicASCII},
	{name: "X6_return_visit", files: zones("x6_zone_a", "x6_zone_b", "x6_zone_c", "x6_zone_d", "x6_zone_a_revisit"), views: symbolicASCII},
	{name: "X7_dragon_keep", files: zones("x7_zone_a", "x7_zone_b", "x7_zone_b_return", "x7_zone_c", "x7_zone_d",
		"x7_zone_w", "x7_zone_e", "x7_zone_e_postcombat"), views: symbolicASCII},
}

// findKey returns the key named name.
func findKey(name string) (key, bool) {
	i := slices.IndexFunc(keys, func(k key) bool { return k.name == name })
	if i < 0 {
		return key{}, false
	}
	return keys[i], true
}

// LevelFiles lists the embedded level files' names, sorted.
func LevelFiles() []string {
	entries, _ := fs.ReadDir(levelFiles, "levels")
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") {
			out = append(out, e.Name())
		}
	}
	return out
}

// LoadLevel parses the embedded level file name (e.g. "dense_array.txt").
func LoadLevel(name string) (*Level, error) {
	data, err := levelFiles.ReadFile("levels/" + name)
	if err != nil {
		return nil, fmt.Errorf("grid: level %s: %w", name, err)
	}
	return Parse(name, data)
}

// loadAll parses every embedded level file.
func loadAll() (map[string]*Level, error) {
	out := map[string]*Level{}
	for _, name := range LevelFiles() {
		lv, err := LoadLevel(name)
		if err != nil {
			return nil, err
		}
		out[name] = lv
	}
	return out, nil
}
