# The two commands of the README: `make run` and `make test`. Each creates its
# own virtualenv (.venv) and installs what it needs.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# npm tools (tools/package.json, installed exactly as locked); clients/ resolves its packages there too.
TOOLS := tools/node_modules/.installed
NPM_BIN := tools/node_modules/.bin
# The web client's bundle, served by `make run` on the gRPC-Web port (--web-client-dir).
WEB := clients/web/dist/app.js
WEB_SOURCES := $(wildcard clients/web/src/* clients/ts/src/*.ts clients/ts/src/gen/zythos/v1/*.ts) \
	clients/web/index.html clients/web/style.css

.PHONY: run test lint protos check-protos api-release clean web

# Every dependency from the hash-pinned lock (scripts/lock_requirements.sh regenerates it), then
# the project itself without resolving anything again.
$(STAMP): pyproject.toml requirements/dev.lock
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --require-hashes -r requirements/dev.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $(STAMP)

# What `make run` needs (the server, the bots, zythos-play): a smaller lock than the tests', so a
# fresh clone plays sooner. A venv made by `make test` already holds all of it.
RUN_STAMP := $(VENV)/.installed-run
$(RUN_STAMP): pyproject.toml requirements/play.lock
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	test -f $(STAMP) || $(BIN)/pip install -q --require-hashes -r requirements/play.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $(RUN_STAMP)

$(TOOLS): tools/package.json tools/package-lock.json
	cd tools && npm ci --silent --no-fund --no-audit
	ln -sfn ../tools/node_modules clients/node_modules
	touch $(TOOLS)

$(WEB): $(TOOLS) $(WEB_SOURCES)
	mkdir -p clients/web/dist
	$(NPM_BIN)/esbuild clients/web/src/main.ts --bundle --format=esm --minify --target=es2022 \
		--alias:@zythos/client=./clients/ts/src/index.ts --log-level=warning --outfile=$(WEB)
	cp clients/web/index.html clients/web/style.css clients/web/dist/

web: $(WEB)

run: $(RUN_STAMP) $(WEB)
	@echo "play: $(BIN)/zythos-play   (in another terminal, once the server is up)"
	$(BIN)/python scripts/run_local.py -- --with-bots 1 --grpc-web-port 8080 --web-client-dir clients/web/dist $(ARGS)

# Python stubs (zythos/v1) and the TypeScript client (clients/ts/src/gen, buf.gen.yaml); both committed.
protos: $(STAMP) $(TOOLS)
	$(BIN)/python scripts/gen_protos.py
	$(NPM_BIN)/buf generate

lint: $(STAMP) $(TOOLS)
	$(NPM_BIN)/buf lint protos
	$(NPM_BIN)/buf breaking --against api/zythos-v1-released.binpb
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(NPM_BIN)/tsc -p clients/web
	$(NPM_BIN)/tsc -p clients/ts/tsconfig.examples.json

test: $(STAMP) lint $(WEB)
	bash scripts/ensure_promtool.sh
	bash scripts/ensure_chromium.sh
	$(BIN)/python -m pytest

# At a release only: the API that later changes must stay compatible with (`buf breaking` in lint).
api-release: $(TOOLS)
	$(NPM_BIN)/buf build -o api/zythos-v1-released.binpb

clean:
	rm -rf $(VENV) tools/node_modules clients/node_modules clients/web/dist
