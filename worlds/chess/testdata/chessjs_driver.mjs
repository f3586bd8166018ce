// chessjs_driver.mjs answers questions about chess positions with chess.js,
// for the chess world's differential tests (differential_test.go,
// differential_probes_test.go). It reads one JSON request a line on
// standard input and writes one JSON answer a line, in the same order, on
// standard output.
//
// Usage: node chessjs_driver.mjs DIR, where DIR/node_modules/chess.js is the
// pinned chess.js (scripts/chessjs.sh installs it and prints DIR).
//
// A request: {"id": n, "fen": F, "plies": [UCI...], "every": bool,
// "after": bool, "attacks": bool, "boardOnly": bool, "epVariants": bool}.
// The driver loads F, plays the plies in order, and answers
// {"id": n, "steps": [...], "nodes": [...]} or {"id": n, "error": text}:
//   - steps: for each ply, {"san", "flags", "fen"}: the move's SAN, its
//     chess.js flags, and the FEN after it.
//   - nodes: the analysis of every position along the line with "every",
//     else of the last one only: {"fen", "board", "check", "mate", "stale",
//     "insufficient", "moves", "attW", "attB"}. board is the 64 squares in
//     a1, b1, ..., h8 order as FEN letters ('.' empty); moves are the legal
//     moves sorted by UCI, each [uci, san, flags] and, with "after", the
//     FEN after it as a fourth item. With "attacks", attW and attB say for
//     each square, in board order, whether White (Black) attacks it ('1')
//     or not ('0').
// With "boardOnly" the FEN is loaded without validation (a FEN line a view
// may have altered) and the one node has only fen (as read, the en passant
// field kept) and board. With
// "epVariants" the nodes are the analyses of the FEN with each en passant
// field its board allows: "-" first, then, in file order, the square behind
// each enemy pawn that may just have made a double push (it stands on its
// fourth rank with the two squares it crossed empty).
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

const dir = process.argv[2]
if (!dir) {
  process.stderr.write('usage: node chessjs_driver.mjs DIR (DIR/node_modules/chess.js)\n')
  process.exit(2)
}
const { Chess } = createRequire(join(dir, 'driver.cjs'))('chess.js')

const squares = []
for (let r = 1; r <= 8; r++) for (const f of 'abcdefgh') squares.push(f + r)

const uciOf = (m) => m.from + m.to + (m.promotion || '')

function board(c) {
  let out = ''
  for (const s of squares) {
    const p = c.get(s)
    out += p ? (p.color === 'w' ? p.type.toUpperCase() : p.type) : '.'
  }
  return out
}

function attacked(c, colour) {
  let out = ''
  for (const s of squares) out += c.isAttacked(s, colour) ? '1' : '0'
  return out
}

// atRoot runs fn on chess.js c, generating the legal moves of c's
// position once. chess.js generates them afresh wherever it needs them:
// move() for the move it plays and again for its SAN, and each Move of a
// verbose moves() for its SAN's disambiguation. The list is handed out
// again to every caller at this position (no move made: the history is as
// long), which changes no answer (CHESSJS_NO_MEMO=1 turns this off, to
// check that).
function atRoot(c, fn) {
  if (process.env.CHESSJS_NO_MEMO) return fn()
  const depth = c._history.length
  const generate = c._moves
  const legal = generate.call(c, { legal: true })
  c._moves = function (o = {}) {
    const root = this._history.length === depth && o.legal !== false && !o.square && !o.piece
    return root ? legal : generate.call(this, o)
  }
  try {
    return fn()
  } finally {
    delete c._moves
  }
}

// analyse is chess.js's word on position c.
function analyse(c, opts) {
  return atRoot(c, () => analysis(c, opts))
}

function analysis(c, { after, attacks }) {
  const moves = c
    .moves({ verbose: true })
    .map((m) => (after ? [uciOf(m), m.san, m.flags, m.after] : [uciOf(m), m.san, m.flags]))
  moves.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const out = {
    fen: c.fen(),
    board: board(c),
    check: c.inCheck(),
    mate: c.isCheckmate(),
    stale: c.isStalemate(),
    insufficient: c.isInsufficientMaterial(),
    moves,
  }
  if (attacks) {
    out.attW = attacked(c, 'w')
    out.attB = attacked(c, 'b')
  }
  return out
}

function epVariants(fen, opts) {
  const fields = fen.split(' ')
  const c = new Chess(fen)
  const turn = c.turn()
  const rank = turn === 'w' ? 5 : 4
  const step = turn === 'w' ? 1 : -1
  const eps = ['-']
  for (const f of 'abcdefgh') {
    const p = c.get(f + rank)
    if (p && p.type === 'p' && p.color !== turn && !c.get(f + (rank + step)) && !c.get(f + (rank + 2 * step))) {
      eps.push(f + (rank + step))
    }
  }
  return eps.map((ep) => {
    fields[3] = ep
    return analyse(new Chess(fields.join(' ')), opts)
  })
}

function answer(req) {
  if (req.boardOnly) {
    // The board is read before fen() runs: chess.js 1.4.0's fen() tries
    // the en passant capture its en passant field names, and undoing it
    // puts a pawn back on the square beside, whatever stood there, so a
    // FEN whose en passant square has no pawn in front of it (as a view's
    // altered FEN line may) would read back changed. forceEnpassantSquare
    // writes the field without trying the capture.
    const c = new Chess(req.fen, { skipValidation: true })
    const b = board(c)
    return { nodes: [{ fen: c.fen({ forceEnpassantSquare: true }), board: b }] }
  }
  const opts = { after: Boolean(req.after), attacks: Boolean(req.attacks) }
  if (req.epVariants) return { steps: [], nodes: epVariants(req.fen, opts) }
  const c = new Chess(req.fen)
  const steps = []
  const nodes = []
  if (req.every) nodes.push(analyse(c, opts))
  for (const u of req.plies || []) {
    let m
    try {
      m = atRoot(c, () => c.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] }))
    } catch (e) {
      throw new Error(`ply ${steps.length + 1} (${u}) is not legal in ${c.fen()}: ${e.message}`)
    }
    if (uciOf(m) !== u) throw new Error(`ply ${u} was played as ${uciOf(m)}`)
    steps.push({ san: m.san, flags: m.flags, fen: c.fen() })
    if (req.every) nodes.push(analyse(c, opts))
  }
  if (!req.every) nodes.push(analyse(c, opts))
  return { steps, nodes }
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity })
const out = []
const flush = () => {
  if (out.length > 0) {
    process.stdout.write(out.join(''))
    out.length = 0
  }
}
for await (const line of rl) {
  if (line.trim() === '') continue
  let reply
  let req = {}
  try {
    req = JSON.parse(line)
    reply = { id: req.id, ...answer(req) }
  } catch (e) {
    reply = { id: req.id, error: String(e && e.message ? e.message : e) }
  }
  out.push(JSON.stringify(reply) + '\n')
  if (out.length >= 16) flush()
}
flush()
