"""A helper's reader chosen by an ``if`` on a flag its caller passes as a literal (held-out round 28):

    def decoder(pattern, compressed, seed):
        queue = tf.train.string_input_producer(tf.gfile.Glob(pattern), num_epochs=1, seed=seed)
        if compressed:
            reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(GZIP))
        else:
            reader = tf.TFRecordReader()
        _, value = reader.read(queue)
        ...
    decoders = [decoder(plain_files, False, seed=1), decoder(gzip_files, True, seed=2)]

At each call the test is a parameter bound to a literal ``True``/``False`` (or ``not`` one), so the one
constructor that runs is known: the reader of that call is that arm's, as if written alone in the helper. The
``if`` goes with the reader (``helpers.reader_helper``); each call's dataset gets its own reader arguments. A
test the rewrite cannot evaluate where the pipeline is built (a value computed, a flag not literal) is refused.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal
from tfdata_bridge._src.migrate.walk import Visitor


def _arm_reader(block: cst.BaseSuite, reader: str) -> cst.BaseExpression | None:
    stmts = list(block.body) if isinstance(block, cst.IndentedBlock) else []
    if len(stmts) != 1 or not isinstance(stmts[0], cst.SimpleStatementLine) or len(stmts[0].body) != 1:
        return None
    a = stmts[0].body[0]
    if not (isinstance(a, cst.Assign) and len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
            and a.targets[0].target.value == reader and isinstance(a.value, cst.Call)):
        return None
    return a.value


def _flag(test: cst.BaseExpression, bound, name: str) -> bool:
    negated = False
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        negated, test = not negated, test.expression
    if not isinstance(test, cst.Name) or test.value not in bound:
        raise Refusal(f"the reader `{name}` chooses is tested on a value other than one of its parameters")
    value = bound[test.value]
    if not (isinstance(value, cst.Name) and value.value in ("True", "False")):
        raise Refusal(f"the reader `{name}` chooses by `{test.value}` is not given a literal True or False here, "
                      "so the rewrite cannot know which reader runs")
    return (value.value == "True") != negated


def chosen_reader(body: list[cst.BaseStatement], read_stmt: cst.CSTNode, reader: str, bound, name: str
                  ) -> tuple[cst.If, cst.Call] | None:
    """The ``if`` before ``read_stmt`` in ``body`` whose two arms each only assign ``reader`` a call, and the
    call of the arm this call's literal flag takes; None where there is no such ``if`` (other refusals stand);
    a ``Refusal`` where there is one whose test is not known here."""
    if read_stmt not in body:
        return None
    ifs = []
    for s in body[:body.index(read_stmt)]:
        if isinstance(s, cst.If) and isinstance(s.orelse, cst.Else):
            yes, no = _arm_reader(s.body, reader), _arm_reader(s.orelse.body, reader)
            if yes is not None and no is not None:
                ifs.append((s, yes, no))
    if len(ifs) != 1:
        return None
    stmt, yes, no = ifs[0]
    # no other assignment of the reader in the helper (the if's own two are its only ones)
    others = [s for s in body if s is not stmt and _assigns(s, reader)]
    if others:
        return None
    return stmt, (yes if _flag(stmt.test, bound, name) else no)


def _assigns(stmt: cst.CSTNode, reader: str) -> bool:
    found = []

    class _V(Visitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name) and node.target.value == reader:
                found.append(node)

        def visit_For(self, node: cst.For) -> None:
            if isinstance(node.target, cst.Name) and node.target.value == reader:
                found.append(node)

    stmt.visit(_V())
    return bool(found)
