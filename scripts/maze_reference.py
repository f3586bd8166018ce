#!/usr/bin/env python3
"""A second, independent reading of the HalluMaze scoring definitions.

Reads a maze JSON and a reply, and prints the core score JSON, following
the normative definitions line by line (section 2: the reply, section 3:
the verified walk, section 4: the metrics). The Go implementation is
checked against it by mazes/differential_test.go; the two must agree to the
last bit. Standard library only.

Usage: maze_reference.py MAZE.json REPLY.txt
       maze_reference.py --batch < cases.jsonl   ({"maze": {...}, "reply": "..."} per line)
"""
import json
import re
import sys

DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
WORDS = {
    "N": "N", "NORTH": "N", "UP": "N", "↑": "N", "북": "N",
    "E": "E", "EAST": "E", "RIGHT": "E", "→": "E", "동": "E",
    "S": "S", "SOUTH": "S", "DOWN": "S", "↓": "S", "남": "S",
    "W": "W", "WEST": "W", "LEFT": "W", "←": "W", "서": "W",
}
GLYPHS = "↑→↓←"


def clean(line):
    """Drop markdown decoration: leading list marks, and * _ ` around words."""
    s = line.strip()
    while True:
        t = re.sub(r"^(?:[-*>]+|\d{1,9}[.)](?=\s))\s*", "", s)
        if t == s:
            break
        s = t
    s = s.replace("*", "").replace("`", "")
    # an underscore stays only between two word characters
    s = re.sub(r"(?<![0-9A-Za-z\u0080-\U0010ffff])_|_(?![0-9A-Za-z\u0080-\U0010ffff])", "", s)
    return s.strip()


def conf_value(num, pct):
    v = float(num)
    if pct or v > 1:
        v = v / 100
    return min(1.0, max(0.0, v))


CONF_RE = re.compile(r"(?i)(?:conf[a-z]*|확신도)\s*[:=]?\s*(\d+(?:\.\d+)?)\s*(%)?")
STEP_RE = re.compile(
    r"(?i)^STEP\s*#?(\d{1,9})\s*[:.)]?\s*\(\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*\)\s*(?:→|->|=>)?\s*(.*)$"
)
CELL_RE = re.compile(r"\(\s*[-−]?\d{1,9}\s*,\s*[-−]?\d{1,9}\s*\)")


def direction(rest):
    """The direction token at the start of rest, or None."""
    s = rest
    if s.startswith("["):
        s = s[1:].lstrip()
    if s[:1] and s[0] in GLYPHS:
        return WORDS[s[0]], s[1:]
    m = re.match(r"([^\W\d_]+)", s)
    if not m:
        return None, rest
    w = m.group(1).upper()
    if w in ("북쪽", "동쪽", "남쪽", "서쪽"):
        w = w[0]
    if w not in WORDS:
        return None, rest
    return WORDS[w], s[m.end():]


def parse(reply):
    tr = {"steps": [], "loops": 0, "bt": None, "hc": None, "log": [], "path": None}
    in_path = False
    for raw in reply[: 1 << 20].split("\n"):
        line = clean(raw)
        if not line:
            continue
        up = line.upper()
        if in_path and CELL_RE.search(line) and re.fullmatch(r"(?:\s|→|->|=>|,|;|\.\.\.|…|\[|\]|" + CELL_RE.pattern + r")*", line):
            tr["path"] += cells(line)
            continue
        in_path = False
        if up.startswith("STEP"):
            m = STEP_RE.match(line)
            if not m:
                continue
            d, after = direction(m.group(4))
            if d is None:
                # "(r,c) →" with nothing but a reason after it: the arrow is the direction
                sep = re.match(r"(?i)^STEP\s*#?\d+\s*[:.)]?\s*\([^)]*\)\s*→\s*(\|.*)?$", line)
                if not sep:
                    continue
                d, after = "E", sep.group(1) or ""
            c = CONF_RE.search(after)
            conf = conf_value(c.group(1), c.group(2)) if c else None
            tr["steps"].append((int(m.group(1)), (int(m.group(2)), int(m.group(3))), d, conf))
        elif up.startswith("LOOP"):
            tr["loops"] += 1
        elif up.startswith("BACKTRACK_COUNT"):
            m = re.match(r"(?i)BACKTRACK_COUNT\s*[:=]?\s*(\d{1,9})", line)
            if m:
                tr["bt"] = int(m.group(1))
        elif up.startswith("HALLUCINATION_COUNT"):
            m = re.match(r"(?i)HALLUCINATION_COUNT\s*[:=]?\s*(\d{1,9})", line)
            if m:
                tr["hc"] = int(m.group(1))
        elif up.startswith("CONFIDENCE_LOG"):
            tr["log"] = []
            for part in re.split(r"[,;]", line[len("CONFIDENCE_LOG"):].lstrip(" \t:=[{")):
                m = re.match(r"(?i)^\s*(?:step\s*)?(\d{1,9})\s*[:=]\s*(\d+(?:\.\d+)?)\s*(%)?", part)
                if m:
                    tr["log"].append((int(m.group(1)), conf_value(m.group(2), m.group(3))))
        elif up.startswith("FINAL_PATH"):
            tr["path"] = cells(line[len("FINAL_PATH"):])
            in_path = True
    return tr


def cells(s):
    return [tuple(int(x.replace("−", "-")) for x in c.strip("() \t").split(",")) for c in CELL_RE.findall(s)]


def score(maze, reply):
    n = maze["size"]
    opened = {(r, c): set(maze["open"][r][c]) for r in range(n) for c in range(n)}
    start, exit_ = (0, 0), (n - 1, n - 1)
    inside = lambda p: 0 <= p[0] < n and 0 <= p[1] < n
    tr = parse(reply)
    pos, visited = start, {start}
    hc, fhr, bt, prev_revisit = 0, -1, 0, False
    valid = []
    for i, (_, o, d, _) in enumerate(tr["steps"], 1):
        teleport = o != pos
        if teleport:
            pos = o
            visited.add(o)
        t = (o[0] + DIRS[d][0], o[1] + DIRS[d][1])
        offgrid = not inside(t)
        wall = not offgrid and d not in opened.get(o, set())
        ok = not (teleport or offgrid or wall)
        revisit = False
        if not offgrid:
            revisit = t in visited
            pos = t
            visited.add(t)
        if not ok:
            hc += 1
            if fhr < 0:
                fhr = i
        if revisit and not prev_revisit:
            bt += 1
        prev_revisit = revisit
        valid.append(ok)
    path = tr["path"]
    path_valid = False
    if path is not None and path and path[0] == start and path[-1] == exit_:
        path_valid = True
        for a, b in zip(path, path[1:]):
            step = (b[0] - a[0], b[1] - a[1])
            ds = [k for k, v in DIRS.items() if v == step]
            if not ds or not inside(a) or ds[0] not in opened[a]:
                path_valid = False
                break
    if path is not None:
        sr = path_valid
    else:
        sr = len(tr["steps"]) > 0 and hc == 0 and pos == exit_
    lt = tr["loops"]
    hrr = min(1.0, bt / hc) if hc > 0 else (1.0 if sr else 0.0)
    e = max(0.0, 1 - fhr / (n * n)) if fhr > 0 else (1.0 if fhr == -1 and sr else 0.0)
    l = 1.0 if (lt > 0 and bt > 0) or sr else 0.0
    mei = min(1.0, max(0.0, 0.4 * hrr + 0.3 * e + 0.2 * l - 0.1 * min(1.0, hc / 10)))
    logged = {}
    for k, v in tr["log"]:
        logged[k] = v
    diffs = []
    for (k, _, _, conf), ok in zip(tr["steps"], valid):
        c = conf if conf is not None else logged.get(k)
        if c is not None:
            diffs.append(abs(c - (1.0 if ok else 0.0)))
    ce = sum(diffs) / len(diffs) if diffs else None
    brs = 1.0 if hc == 0 and sr else max(0.0, 1 - hc / max(1, bt + hc))
    score_ = 0.5 * mei + 0.3 * (1 - (ce if ce is not None else 0.5)) + 0.2 * brs
    return {
        "sr": 1.0 if sr else 0.0, "path_valid": path_valid, "steps": len(tr["steps"]),
        "hc": hc, "fhr": fhr, "bt": bt, "lt": lt, "hrr": hrr, "mei": mei, "ce": ce,
        "brs": brs, "score": score_, "reported_backtracks": tr["bt"],
        "reported_hallucinations": tr["hc"],
    }


if __name__ == "__main__":
    if sys.argv[1:] == ["--batch"]:
        for line in sys.stdin:
            case = json.loads(line)
            print(json.dumps(score(case["maze"], case["reply"])))
        sys.exit(0)
    with open(sys.argv[1], encoding="utf-8") as f:
        maze = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        reply = f.read()
    print(json.dumps(score(maze, reply)))
