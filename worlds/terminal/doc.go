// Package terminal is HalluWorld's terminal world: a simulated Linux shell
// whose seeded sessions are shown to a model as transcripts and probed in
// the five categories.
//
// The world W is a [State]: a tree of directories and regular files (each
// with lines and a three-digit mode), the working directory and the last
// exit status, for user "user" who owns every file and is not root. The
// rules R are the commands: [ParseCommand] reads a command line (pwd, cd,
// ls, ls -l, cat, echo > and >>, sed -i, grep -q, chmod, mkdir, cp, mv, rm)
// and [State.Exec] runs it, printing exactly what bash 5.2 and GNU
// coreutils print in the C locale, with the same exit statuses. The view
// is the [Transcript]: "$ <command>" and the output lines.
//
// An [Episode] is one seeded script of a level: "terminal", the spec's
// config.ini / notes.txt / secret.txt session, or "terminal-files", where
// files are moved, copied and removed between directories. Each episode
// gives ten probes (two per category). Their golds are computed from the
// state the simulation reached, and kept only where a reader of the
// transcript could know them: a file's content is known once cat showed it
// or a command derived it from known content, so a grep on a file never
// shown is UNKNOWN. A notes.txt file is testimony, stale in half the
// episodes.
//
// Every record carries the episode's initial files and commands ([Meta]),
// so a session can be replayed anywhere. The package's tests replay the
// episodes, and random sessions, in a real bash and compare every command's
// output and exit status and the final tree.
//
// The reference agents ([World.Reply]) read only the user message. They
// rebuild the session from the transcript's text and share nothing with
// the simulation but the command parser.
package terminal
