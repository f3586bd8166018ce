# hallumaze: the two set-up commands are `make run` and `make test`.
GO ?= go
FUZZTIME ?= 60s
# The smoke run of make test: executions a fuzz target, not seconds, so a
# loaded machine makes it slower but never fails it.
FUZZSMOKE ?= 500x

.PHONY: run test vet race bash chessjs large fuzz-smoke fuzz bench lint build gate record record-agents browser sdk-check

# The experiments make record-agents records (go test -run), and the suite
# whose cassettes it saves: every experiment of every suite by default.
RUN ?= .
SUITE ?=
# go test's bound on each test binary in make test: large enough for a
# loaded 2-core machine, it only catches a hang.
TEST_TIMEOUT ?= 60m
# make test's steps: each runs even when one before it failed.
TEST_STEPS = browser vet race bash chessjs large fuzz-smoke

# q is the value of the variable named $1, unexpanded ($ is no variable
# here: CASES='^(?:maze/a|maze/b)$$' stays as it is), quoted for the shell.
q = '$(subst ','\'',$(value $1))'

gate_cmd = bin/hallumaze gate --base $(call q,BASE) --cand $(call q,CAND)$(if $(value SUITE), --suite $(call q,SUITE))$(if $(value CASSETTES), --cassettes $(call q,CASSETTES))
record_cmd = bin/hallumaze record --models $(call q,MODEL)$(if $(value SUITE), --suite $(call q,SUITE))$(if $(value SET), --set $(call q,SET))$(if $(value CASES), --filter $(call q,CASES))$(if $(value MAX_COST), --max-cost $(call q,MAX_COST))$(if $(value CASSETTES), --cassettes $(call q,CASSETTES))$(if $(KEEP_BASE_URL), --keep-base-url)
gate_usage = usage: make gate BASE=provider/model CAND=provider/model [SUITE=name[,name]|all] [CASSETTES=dir]
record_usage = usage: make record MODEL=provider/model[,provider/model] [SUITE=name[,name]|all] [SET=gate|effort|all] [CASES=regexp] [MAX_COST=usd] [CASSETTES=dir] [KEEP_BASE_URL=1]

# make gate and make record exit with the program's status: 0, 1 (a
# regression; cases that failed on the provider's side) and 2 (bad input,
# a set-up error). A failed recipe always makes make exit 2, whatever the
# recipe's status; so when one of them is the only goal (and make is GNU
# make 4.2 or later), the program runs while this file is read, and make's
# status is set from its: 0 as it is, 1 by question mode (make -q exits 1
# when its goal has a recipe to run), 2 and up as make's error (after the
# program's own message, whose last line ends with the command to run
# where there is one). make gate prints the program's stdout
# (the table) on stdout when it ends; make record shows it as it comes, on
# stderr. Otherwise the recipes below run the program, and any failure
# exits 2.
through := $(if $(filter 1,$(words $(MAKECMDGOALS))),$(filter gate record,$(MAKECMDGOALS)))
ifeq ($(filter 4.2% 4.3% 4.4% 4.5% 4.6% 4.7% 4.8% 4.9% 5.%,$(MAKE_VERSION)),)
through :=
endif
# make -n, -q and -t run nothing: the recipes below say what would run
ifneq ($(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS)))$(findstring t,$(firstword -$(MAKEFLAGS))),)
through :=
endif
ifneq ($(through),)
ifeq ($(if $(filter gate,$(through)),$(and $(value BASE),$(value CAND)),$(value MODEL)),)
$(error $($(through)_usage))
endif
through_out := $(shell mktemp)
through_err := $(shell mktemp)
through_status := $(shell $(GO) build -o bin/hallumaze ./cmd/hallumaze >&2 || { echo build; exit; }; $($(through)_cmd) $(if $(filter record,$(through)),>&2,>$(through_out)) 2>$(through_err); echo $$?)
$(if $(file <$(through_out)),$(info $(file <$(through_out))))
$(shell cat $(through_err) >&2; rm -f $(through_out) $(through_err))
ifeq ($(filter 0 1,$(through_status)),)
$(error $(if $(filter build,$(through_status)),go build failed,hallumaze $(through) exited $(through_status)))
endif
ifeq ($(through_status),1)
MAKEFLAGS += -q
endif
endif

## run: the main job: the benchmark (the reference agents when no API key is set),
## writing JSONL, seed JSON, CSV and HTML under results/
run:
	$(GO) run ./cmd/hallumaze run --runs 10 --csv --html auto

## test: vet, every test under the race detector, and a short run of each fuzz target
## (FUZZSMOKE executions each, from one instrumented test binary per package).
## Every step runs even when one fails; the summary lists those that failed,
## and make test then fails.
test:
	@failed=; passed=; for step in $(TEST_STEPS); do \
		echo "=== make $$step"; \
		if $(MAKE) --no-print-directory $$step; then echo "--- make $$step: ok"; passed="$$passed $$step"; \
		else echo "--- make $$step: FAILED"; failed="$$failed $$step"; fi; \
	done; \
	echo "make test: passed:$${passed:- none}; failed:$${failed:- none}"; \
	test -z "$$failed"

# browser: Debian's chromium for the HTML report's browser test, where missing
browser:
	@./scripts/ensure-chromium.sh

vet:
	$(GO) vet ./...

race:
	$(GO) test -race -count=1 -timeout $(TEST_TIMEOUT) ./...

# bash: the terminal world's transcripts against a real bash and coreutils
# (forks thousands of processes, so not repeated under -race)
bash:
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -run 'MatchBash' ./worlds/terminal

# chessjs: the chess world's rules and probe golds against chess.js (a pinned
# npm package installed into the user's cache; skipped without node)
chessjs:
	./scripts/chessjs.sh >/dev/null && $(GO) test -count=1 -timeout $(TEST_TIMEOUT) -run Differential ./worlds/chess

# large: the largest maze (N = 1001) and a 30 MB reply run, resumed, reported
# and gated, the page of the full standard run of every suite (at most
# 5 MB), and the largest maze imported from its adjacency list: too heavy
# for the race detector (minutes, gigabytes), so run once without
large:
	$(GO) test -count=1 -run 'TestLargestMazeReadsBack|TestRunReadsBackALongReply|TestFullRunPageBounded' ./cmd/hallumaze
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
# staticcheck, pinned and built the same way.
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.7.0

## lint: formatting, vet, staticcheck, and actionlint on the GitHub Actions workflows
lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(ACTIONLINT)

build:
	$(GO) build -o bin/hallumaze ./cmd/hallumaze

## gate: compare CAND with BASE over SUITE (default: every suite either has cassettes of);
## exits 0 (pass), 1 (a significant regression) or 2 (nothing compared, a cassette missing, bad input)
gate:
ifeq ($(through),gate)
	@:
else
	@test -n "$(value BASE)" -a -n "$(value CAND)" || { echo "$(gate_usage)"; exit 2; }
	$(GO) build -o bin/hallumaze ./cmd/hallumaze
	$(gate_cmd)
endif

## record: record the cassettes MODEL lacks of SUITE's gate set (default: every suite),
## replaying those it has; the plan and its estimated cost come first (MAX_COST=usd bounds it)
record:
ifeq ($(through),record)
	@:
else
	@test -n "$(value MODEL)" || { echo "$(record_usage)"; exit 2; }
	$(GO) build -o bin/hallumaze ./cmd/hallumaze
	$(record_cmd)
endif

## record-agents: re-record the committed cassettes of the reference agents over each wire protocol, in-process
record-agents:
	$(GO) test ./bench -count=1 -run $(call q,RUN) -models recorded-agents -record '$(if $(SUITE),/$(SUITE)/,.)' -loopback

## sdk-check: the providers' official Go clients (openai-go, anthropic-sdk-go, genai) against the loopback server; a module of its own, so the first run downloads and compiles them (minutes)
sdk-check:
	cd providers/loopback/sdkcheck && $(GO) test -count=1 ./...
