# hallumaze: the two set-up commands are `make run` and `make test`.
GO ?= go
FUZZTIME ?= 60s

.PHONY: run test vet race fuzz-smoke fuzz bench lint build

## run: the main job (until the benchmark runner lands: a sample maze and its solution)
run:
	$(GO) run ./cmd/hallumaze maze --size 7 --seed 42 --format text
	$(GO) run ./cmd/hallumaze maze --size 7 --seed 42 --format ascii --solution

## test: vet, every test under the race detector, and a short run of each fuzz target
test: vet race fuzz-smoke

vet:
	$(GO) vet ./...

race:
	$(GO) test -race -count=1 ./...

fuzz-smoke:
	FUZZTIME=2s ./scripts/fuzz.sh

## fuzz: each fuzz target for FUZZTIME (default 60s)
fuzz:
	FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

## bench: every benchmark once
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## lint: formatting and vet
lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

build:
	$(GO) build -o bin/hallumaze ./cmd/hallumaze
