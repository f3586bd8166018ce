const fs = require('fs');
const { Chess } = require('chess.js');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const names = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const colour = c => (c === 'w' ? 'white' : 'black');
const pieceName = p => (p ? colour(p.color) + ' ' + names[p.type] : 'empty');
const squares = [];
for (let r = 1; r <= 8; r++) for (const f of 'abcdefgh') squares.push(f + r);
const uciOf = m => m.from + m.to + (m.promotion || '');
function play(c, uci) {
  const m = c.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
  return m;
}
function replay(start, plies) {
  const c = new Chess(start);
  const moves = [];
  for (const u of plies) moves.push(play(c, u));
  return [c, moves];
}
const isCap = m => m.flags.includes('c') || m.flags.includes('e');
const gameCache = new Map();
let bad = 0, n = 0, fenMismatch = 0;
const counts = {};
function fail(rec, msg) { bad++; if (bad < 30) console.log('MISMATCH', rec.id, rec.question.slice(0, 120), msg); }
for (const line of fs.readFileSync('probes.jsonl', 'utf8').split('\n')) {
  if (!line) continue;
  const rec = JSON.parse(line);
  const m = rec.meta;
  n++;
  counts[rec.probe_type] = (counts[rec.probe_type] || 0) + 1;
  let gold = rec.gold;
  const c = new Chess(m.fen);
  if (c.fen() !== m.fen) { fenMismatch++; if (fenMismatch < 5) console.log('FEN differs', rec.id, m.fen, c.fen()); }
  if (m.plies) {
    const key = m.start + '|' + m.plies.join(' ');
    if (!gameCache.has(key)) {
      const [g] = replay(m.start, m.plies);
      gameCache.set(key, g.fen());
    }
    if (gameCache.get(key) !== m.fen) fail(rec, 'plies reach ' + gameCache.get(key));
  }
  let want;
  switch (rec.probe_type) {
    case 'can_capture': {
      const t = m.square;
      want = c.moves({ verbose: true }).some(mv => (mv.flags.includes('c') && mv.to === t) || (mv.flags.includes('e') && mv.to[0] + mv.from[1] === t));
      const p = c.get(t);
      if (rec.question !== `Can ${colour(c.turn())} legally capture the ${pieceName(p)} on ${t}?`) fail(rec, 'question');
      break;
    }
    case 'defended': case 'hanging': {
      const p = c.get(m.square);
      const own = p.color, opp = own === 'w' ? 'b' : 'w';
      const def = c.isAttacked(m.square, own);
      want = rec.probe_type === 'defended' ? def : c.isAttacked(m.square, opp) && !def;
      if (!rec.question.includes(`the ${pieceName(p)} on ${m.square}`)) fail(rec, 'question');
      break;
    }
    case 'hypothetical_in_check': {
      const mv = play(c, m.move);
      if (!rec.question.includes(`plays ${mv.san.replace(/[+#]$/, '')} (${m.move})`)) fail(rec, 'question san ' + mv.san);
      want = c.inCheck();
      break;
    }
    case 'after_move_undefended_count': {
      const side = c.turn();
      const m1 = play(c, m.move);
      const m2 = play(c, m.reply);
      if (!rec.question.includes(`plays ${m1.san.replace(/[+#]$/, '')} (${m.move})`) || !rec.question.includes(`replies ${m2.san.replace(/[+#]$/, '')} (${m.reply})`)) fail(rec, 'question san');
      want = 0;
      for (const s of squares) {
        const p = c.get(s);
        if (p && p.color === side && p.type !== 'k' && !c.isAttacked(s, side)) want++;
      }
      break;
    }
    case 'capture_count': {
      const [g, moves] = replay(START, m.moves);
      if (g.fen() !== m.fen) fail(rec, 'moves reach ' + g.fen());
      const side = m.side === 'white' ? 'w' : 'b';
      want = moves.filter(mv => mv.color === side && isCap(mv)).length;
      break;
    }
    case 'san_legal_move': {
      const [g] = replay(START, m.moves);
      if (g.fen() !== m.fen) fail(rec, 'moves reach ' + g.fen());
      const hist = g.history();
      let text = '';
      hist.forEach((san, i) => { text += (i ? ' ' : '') + (i % 2 === 0 ? (i / 2 + 1) + '. ' : '') + san; });
      if (!rec.question.includes('in SAN: ' + text + '. Give')) fail(rec, 'SAN text differs');
      want = g.moves({ verbose: true }).filter(mv => !isCap(mv) && !mv.flags.includes('p')).map(uciOf).sort();
      break;
    }
    case 'hidden_square': {
      want = pieceName(c.get(m.square));
      if (m.masked.includes(m.square) && rec.view !== 'fen-truth') want = 'UNKNOWN';
      break;
    }
  }
  if (JSON.stringify(want) !== JSON.stringify(gold)) fail(rec, `gold ${JSON.stringify(gold)} want ${JSON.stringify(want)}`);
  // FEN line of the view
  const fenLine = (rec.context.match(/\nFEN: (.*)\n/) || [])[1];
  if (rec.view === 'fen-truth' && fenLine !== m.fen) fail(rec, 'fen-truth line');
  if (rec.view === 'fen-off' && fenLine) fail(rec, 'fen-off has a FEN');
}
console.log(`${n} records, ${bad} mismatches, ${fenMismatch} FEN strings differ`, counts);
