"""A package's class making its rows' ``placeholder_with_default`` in a method and producing them in order; two
callers (exact)."""
from r34h_lib.rows import RowSource


def main(data_dir):
    first = RowSource(6, 2).batches()
    second = RowSource(4, 2, offset=100).batches()
    return {"batches": first + second, "end": "two sources"}
