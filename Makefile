# The two commands of the README: `make run` and `make test`. Each creates its
# own virtualenv (.venv) and installs what it needs.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint protos check-protos api-release clean

# Every dependency from the hash-pinned lock (scripts/lock_requirements.sh regenerates it), then
# the project itself without resolving anything again.
$(STAMP): pyproject.toml requirements/dev.lock
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --require-hashes -r requirements/dev.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $(STAMP)

tools/node_modules/.bin/buf:
	cd tools && npm install --silent --no-fund --no-audit

run: $(STAMP)
	@echo "play: $(BIN)/zythos-play   (in another terminal, once the server is up)"
	$(BIN)/zythos-server --with-bots 1 $(ARGS)

protos: $(STAMP)
	$(BIN)/python scripts/gen_protos.py

lint: $(STAMP) tools/node_modules/.bin/buf
	tools/node_modules/.bin/buf lint protos
	tools/node_modules/.bin/buf breaking --against api/zythos-v1-released.binpb
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: $(STAMP) lint
	bash scripts/ensure_promtool.sh
	$(BIN)/python -m pytest

# At a release only: the API that later changes must stay compatible with (`buf breaking` in lint).
api-release: tools/node_modules/.bin/buf
	tools/node_modules/.bin/buf build -o api/zythos-v1-released.binpb

clean:
	rm -rf $(VENV) tools/node_modules
