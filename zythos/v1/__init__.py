"""Generated from protos/zythos/v1 by scripts/gen_protos.py; do not edit."""
