"""``match_filenames_once(pattern)`` becomes ``tf.io.matching_files(pattern)``.

Legacy's ``match_filenames_once`` is a local variable initialised with the matching file names; a tf.data
pipeline cannot capture a variable in a one-shot iterator, and nothing needs one: ``tf.io.matching_files``
gives the same sorted names as a tensor. The rewrite is made where the result is only used as a value; a use
of the variable as a variable (``files.initializer``, ``files.assign(...)``, ``files.op``) leaves the call as
it is, with the reason.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.calls import code_of, nodes_of
from tfdata_bridge._src.migrate.walk import Visitor

APIS = ("train.match_filenames_once", "io.match_filenames_once")


def match_files(module: cst.Module, v1: str) -> tuple[cst.Module, list[Note]]:
    """``module`` with each ``match_filenames_once`` used as a value spelled ``{v1}.io.matching_files``."""
    if "match_filenames_once" not in code_of(module):
        return module, []
    from tfdata_bridge._src.migrate.to_tfdata import survey

    index, scopes, finder = survey(module)
    notes: list[Note] = []
    swapped: set[cst.Call] = set()
    for stmt, line in index.lines.items():
        if not (len(stmt.body) == 1 and isinstance(stmt.body[0], (cst.Assign, cst.Expr, cst.Return))):
            calls = []
        else:
            calls = [c for c in nodes_of(stmt, cst.Call) if finder.is_api(c, *APIS)]
        for call in calls:
            small = stmt.body[0]
            why = None
            if not v1:
                why = "the module imports no `tensorflow.compat.v1` alias to spell `io.matching_files` with"
            elif isinstance(small, cst.Assign) and small.value is call:
                if len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
                    why = "its result is not assigned to one name"
                else:
                    name = small.targets[0].target.value
                    uses = scopes.readers_of(stmt, name)
                    if any(_as_variable(module, u) for u in uses):
                        why = f"`{name}` is used as a variable (an attribute of it is read), not only as a value"
            if why is not None:
                notes.append(Note(line, f"`tf.compat.v1.train.match_filenames_once` left: {why}"))
                continue
            swapped.add(call)
    if not swapped:
        return module, notes

    class _Swap(cst.CSTTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if original in swapped:
                return updated.with_changes(func=cst.parse_expression(f"{v1}.io.matching_files"))
            return updated

    out = module.visit(_Swap())
    lines = sorted({index.lines[s] for s in index.lines if any(c in swapped for c in nodes_of(s, cst.Call))})
    notes += [Note(line, "match_filenames_once rewritten to tf.io.matching_files: the same sorted file names, as "
                         "a tensor a tf.data pipeline can read (no local variable to initialise)", kind="info")
              for line in lines]
    return cst.parse_module(out.code), notes



def _as_variable(module: cst.Module, name: cst.Name) -> bool:
    """``name`` is the object of an attribute read (``files.initializer``)."""
    found = []

    class _V(Visitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if n.value is name:
                found.append(n)

    module.visit(_V())
    return bool(found)
