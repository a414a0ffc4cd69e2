# The two commands of the README: `make run` and `make test`. Each creates its
# own virtualenv (.venv) and installs what it needs.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint protos check-protos clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

tools/node_modules/.bin/buf:
	cd tools && npm install --silent --no-fund --no-audit

run: $(STAMP)
	$(BIN)/zythos-server --with-bots 1 $(ARGS)

protos: $(STAMP)
	$(BIN)/python scripts/gen_protos.py

lint: $(STAMP) tools/node_modules/.bin/buf
	tools/node_modules/.bin/buf lint protos
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: $(STAMP) lint
	bash scripts/ensure_promtool.sh
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) tools/node_modules
