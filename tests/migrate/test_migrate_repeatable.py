"""A rewrite is a function of the text: the same program gives the same output in every process. libcst's
references of a name are a set, ordered by object identity, and `migrate` on a program with a reader's counts
gave two outputs over four runs (the counts' statements in either order) until the scopes handed them out in
source order."""

from __future__ import annotations

import textwrap

import libcst as cst

from tfdata_bridge._src.migrate.to_tfdata import survey


def test_the_readers_of_a_name_come_in_source_order():
    uses = "\n".join(f"    print(x, {i})" for i in range(40))
    module = cst.parse_module(textwrap.dedent("def f():\n    x = 1\n") + uses + "\n")
    _, scopes, _ = survey(module)
    stmt = module.body[0].body.body[0]
    readers = scopes.readers_of(stmt, "x")
    lines = [scopes.positions[n].start.line for n in readers]
    assert len(lines) == 40 and lines == sorted(lines)
