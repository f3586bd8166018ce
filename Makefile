# hallumaze: the two set-up commands are `make run` and `make test`.
GO ?= go
FUZZTIME ?= 60s
# The smoke run of make test: executions a fuzz target, not seconds, so a
# loaded machine makes it slower but never fails it.
FUZZSMOKE ?= 500x

.PHONY: run test vet race bash chessjs large fuzz-smoke fuzz bench lint build gate record record-agents browser

# The experiments a recording covers (go test -run), and the suite whose
# cassettes it saves: every experiment of every suite by default.
RUN ?= .
SUITE ?=

## run: the main job: the benchmark (the reference agents when no API key is set),
## writing JSONL, seed JSON, CSV and HTML under results/
run:
	$(GO) run ./cmd/hallumaze run --runs 10 --csv --html auto

## test: vet, every test under the race detector, and a short run of each fuzz target
## (FUZZSMOKE executions each, from one instrumented test binary per package)
test: browser vet race bash chessjs large fuzz-smoke

# browser: Debian's chromium for the HTML report's browser test, where missing
browser:
	@./scripts/ensure-chromium.sh

vet:
	$(GO) vet ./...

race:
	$(GO) test -race -count=1 ./...

# bash: the terminal world's transcripts against a real bash and coreutils
# (forks thousands of processes, so not repeated under -race)
bash:
	$(GO) test -count=1 -run 'MatchBash' ./worlds/terminal

# chessjs: the chess world's rules and probe golds against chess.js (a pinned
# npm package installed into the user's cache; skipped without node)
chessjs:
	./scripts/chessjs.sh >/dev/null && $(GO) test -count=1 -run Differential ./worlds/chess

# large: the largest maze (N = 1001) and a 30 MB reply run, resumed, reported
# and gated, and the largest maze imported from its adjacency list: too
# heavy for the race detector (minutes, gigabytes), so run once without
large:
	$(GO) test -count=1 -run 'TestLargestMazeReadsBack|TestRunReadsBackALongReply' ./cmd/hallumaze
	$(GO) test -count=1 -run 'TestImportLargestAdjList' ./mazes

fuzz-smoke:
	GO=$(GO) FUZZTIME=$(FUZZSMOKE) ./scripts/fuzz.sh

## fuzz: each fuzz target for FUZZTIME (default 60s), its corpus kept in the Go build cache
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

## bench: every benchmark once
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# actionlint, pinned: built from source by the go command on first use (a
# minute or two cold, then cached), so nothing is installed by hand and the
# module's own requirements stay as they are. It also runs shellcheck on
# the workflows' scripts where shellcheck is installed.
ACTIONLINT ?= $(GO) run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

## lint: formatting, vet, and actionlint on the GitHub Actions workflows
lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(ACTIONLINT)

build:
	$(GO) build -o bin/hallumaze ./cmd/hallumaze

## gate: compare CAND with BASE over SUITE (one suite's name or all; default the first suite); exits 1 on a significant regression
gate:
	@test -n "$(BASE)" -a -n "$(CAND)" || { echo "usage: make gate BASE=provider/model CAND=provider/model [SUITE=name|all]"; exit 2; }
	$(GO) run ./cmd/hallumaze gate $(if $(SUITE),--suite $(SUITE)) --base $(BASE) --cand $(CAND)

## record: call MODEL live (its key in the environment) and save the cassettes of SUITE (default: every suite) for the experiments RUN selects
record:
	@test -n "$(MODEL)" || { echo "usage: make record MODEL=provider/model [SUITE=name] [RUN=pattern]"; exit 2; }
	$(GO) test ./bench -count=1 -run '$(RUN)' -models $(MODEL) -record '$(if $(SUITE),/$(SUITE)/,.)' -v

## record-agents: re-record the committed cassettes of the reference agents over each wire protocol, in-process
record-agents:
	$(GO) test ./bench -count=1 -run '$(RUN)' -models recorded-agents -record '$(if $(SUITE),/$(SUITE)/,.)' -loopback
