#!/usr/bin/env bash
# A benchmark-only Python with PyTorch, for the process-workers case's DataLoader(num_workers=2) figure.
# torch is never a dependency of the project: it goes into its own environment (several GB: PyPI's Linux
# wheel brings the CUDA libraries), which sees TensorFlow and the rest through the project's .venv.
#
#   bash benchmarks/torch_env.sh [ENV_DIR]      # default /tmp/bench-venv; prints the interpreter to use
#   PYTHONPATH=$PWD /tmp/bench-venv/bin/python benchmarks/cases/process_workers.py ...
set -euo pipefail
ENV_DIR=${1:-/tmp/bench-venv}
python3 -m venv "$ENV_DIR"
"$ENV_DIR/bin/pip" install -q torch
site=$("$ENV_DIR/bin/python" -c 'import site; print(site.getsitepackages()[0])')
project=$(.venv/bin/python -c 'import site; print(site.getsitepackages()[0])')
echo "$project" > "$site/zz_project_venv.pth"  # after torch's own packages on sys.path
"$ENV_DIR/bin/python" -c 'import torch, tensorflow; print("torch", torch.__version__, "tensorflow", tensorflow.__version__)'
echo "$ENV_DIR/bin/python"
