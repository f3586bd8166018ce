#!/usr/bin/env python3
"""A second, independent reading of the Missing Piece definitions.

Reads the items (JSONL) and the responses (JSONL of {"id", "output"}) and
prints the score JSON's rates, Wilson intervals and McNemar test, following
the normative definitions line by line: the strict parser (rules 1-6), the
metrics, the Wilson score interval and the exact McNemar test. The Go
implementation is checked against it by abstain/differential_test.go.
Standard library only.

Usage: abstain_reference.py ITEMS.jsonl RESPONSES.jsonl
       abstain_reference.py --batch < runs.jsonl
         (one {"items": [...], "responses": {"id": "output", ...}} per line,
          one score JSON per line out)
"""
import json
import math
import re
import sys

Z = 1.959963984540054


def first_object(text):
    """The first balanced {...} of text; braces inside JSON strings do not count."""
    start = text.find("{")
    while start >= 0:
        depth, in_str, esc = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if esc:
                    esc = False
                elif ch == "\\":
                    esc = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return text[start:i + 1]
        start = text.find("{", start + 1)  # unbalanced: try the next brace
    return None


def strip_fence(s):
    s = s.strip()
    m = re.fullmatch(r"```(?:json)?[ \t]*\n?(.*?)\n?```", s, re.S)
    return m.group(1).strip() if m else s


def number(ans):
    """Rule 5: the number an answer states, or None."""
    if isinstance(ans, bool):
        return None
    if isinstance(ans, (int, float)):
        return float(ans)
    if not isinstance(ans, str):
        return None
    s = ans.strip()
    s = re.sub(r"[^\W\d_]+$", "", s)  # one trailing word of letters (a unit)
    s = re.sub(r"\s+", "", s)
    if s.startswith("$"):
        s = s[1:]
    if s.endswith("%"):
        s = s[:-1]
    s = re.sub(r"(?<=\d),(?=\d)", "", s)
    dec = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
    if re.fullmatch(dec, s):
        return float(s)
    m = re.fullmatch(r"(" + dec + r")/(" + dec + r")", s)
    if m and float(m.group(2)) != 0:
        return float(m.group(1)) / float(m.group(2))
    return None


def parse(reply):
    """('fail',) | ('abstain',) | ('answer', value or None)."""
    obj = first_object(strip_fence(reply))
    if obj is None:
        return ("fail",)
    try:
        d = json.loads(obj)
    except ValueError:
        return ("fail",)
    if not isinstance(d, dict) or not isinstance(d.get("status"), str):
        return ("fail",)
    status = d["status"].upper()
    if status == "INSUFFICIENT":
        return ("abstain",) if d.get("answer") is None else ("fail",)
    if status == "ANSWER":
        if d.get("answer") is None:
            return ("fail",)
        return ("answer", number(d["answer"]))
    return ("fail",)


def wilson(k, n):
    if n == 0:
        return None
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def mcnemar(b, c):
    if b + c == 0:
        return 1.0
    n = b + c
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1))
    return min(1.0, 2 * tail / 2 ** n)


def rate(k, n):
    return {"k": k, "n": n, "rate": k / n if n else None, "ci95": wilson(k, n)}


def score(items, responses):
    outcome = {}
    for it in items:
        if it["id"] not in responses:
            outcome[it["id"]] = "fail"
            continue
        p = parse(responses[it["id"]])
        if p[0] == "fail":
            outcome[it["id"]] = "fail"
        elif p[0] == "abstain":
            outcome[it["id"]] = "abstain"
        else:
            gold = it["gold"]["answer"]
            g = float(gold) if gold is not None else None
            ok = p[1] is not None and g is not None and abs(p[1] - g) <= 1e-6 * max(1.0, abs(g))
            outcome[it["id"]] = "correct" if ok else "wrong"
    intact = [it for it in items if it["variant"] == "intact"]
    modified = [it for it in items if it["variant"] == "modified"]
    o = lambda it: outcome[it["id"]]
    pairs = {}
    for it in items:
        pairs.setdefault(it["pair_id"], {})[it["variant"]] = it
    full = [p for p in pairs.values() if "intact" in p and "modified" in p]
    b = sum(1 for p in full if o(p["intact"]) == "correct" and o(p["modified"]) != "abstain")
    c = sum(1 for p in full if o(p["intact"]) != "correct" and o(p["modified"]) == "abstain")
    return {
        "n_items": len(items),
        "n_pairs": len(full),
        "answer_accuracy": rate(sum(o(i) == "correct" for i in intact), len(intact)),
        "abstention_rate": rate(sum(o(i) == "abstain" for i in modified), len(modified)),
        "false_abstention_rate": rate(sum(o(i) == "abstain" for i in intact), len(intact)),
        "hallucination_rate": rate(sum(o(i) in ("correct", "wrong") for i in modified), len(modified)),
        "parse_failure_rate": rate(sum(o(i) == "fail" for i in items), len(items)),
        "pair_success": rate(sum(1 for p in full if o(p["intact"]) == "correct" and o(p["modified"]) == "abstain"), len(full)),
        "mcnemar": {"b": b, "c": c, "p": mcnemar(b, c)},
    }


if __name__ == "__main__":
    if sys.argv[1:] == ["--batch"]:
        for line in sys.stdin:
            if line.strip():
                run = json.loads(line)
                print(json.dumps(score(run["items"], run["responses"])))
        sys.exit(0)
    with open(sys.argv[1], encoding="utf-8") as f:
        items = [json.loads(l) for l in f if l.strip()]
    responses = {}
    with open(sys.argv[2], encoding="utf-8") as f:
        for l in f:
            if l.strip():
                r = json.loads(l)
                responses[r["id"]] = r["output"]
    print(json.dumps(score(items, responses)))
