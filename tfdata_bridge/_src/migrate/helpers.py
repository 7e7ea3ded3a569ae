"""A reader helper: ``def read_and_decode(filename_queue): reader = R(); _, v = reader.read(q); ...; return t``.

The most common shape of legacy input code. The helper becomes a function of the record: its reader and
``read`` lines go, its decode lines stay, its queue parameter becomes the record (``value``, or ``key, value``
for a ``WholeFileReader`` whose key is used), and its other parameters stay. It must be a module-level
function, called only by the pipeline being rewritten, with one ``return`` at its end.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, target_names
from tfdata_bridge._src.migrate.comments import comment_lines, comments_in
from tfdata_bridge._src.migrate.scopes import Scopes


@dataclass
class ReaderHelper:
    fn: cst.FunctionDef  # the helper as written
    new_fn: cst.FunctionDef  # the helper as a function of the record
    reader: str  # reader class short name
    reader_args: dict[str, cst.BaseExpression]  # with the helper's parameters replaced by the call's arguments
    queue: cst.BaseExpression  # the call's argument for the queue parameter
    extra: list[str]  # the call's other arguments, as code, in the helper's order (after the record)
    key_used: bool


class _Returns(cst.CSTVisitor):
    def __init__(self) -> None:
        self.count = 0

    def visit_Return(self, node: cst.Return) -> None:
        self.count += 1

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


class _Substitute(cst.CSTTransformer):
    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        super().__init__()
        self.values = values

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.values.get(original.value, updated)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return True

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)  # an attribute's name is not a variable


def _bind_call(fn: cst.FunctionDef, call: cst.Call) -> dict[str, cst.BaseExpression]:
    params = fn.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None or params.star_kwarg \
            or params.kwonly_params or params.posonly_params:
        raise Refusal(f"`{fn.name.value}` takes *args, **kwargs or keyword-only parameters")
    names = [p.name.value for p in params.params]
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            raise Refusal(f"`{fn.name.value}` is called with *args or **kwargs")
        if arg.keyword is None:
            if i >= len(names):
                raise Refusal(f"`{fn.name.value}` is called with more arguments than it takes")
            bound[names[i]] = arg.value
        else:
            bound[arg.keyword.value] = arg.value
    for p in params.params:
        if p.name.value not in bound:
            if p.default is None:
                raise Refusal(f"`{fn.name.value}` is called without its `{p.name.value}`")
            bound[p.name.value] = p.default
    return bound


def reader_helper(finder, scopes: Scopes, fn: cst.FunctionDef, call: cst.Call, code) -> ReaderHelper:
    """The helper ``fn`` called by ``call``, as a function of the record; ``Refusal`` when it is not one."""
    name = fn.name.value
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"`{name}` is decorated or async")
    if len(scopes.callers(fn)) != 1:
        raise Refusal(f"`{name}` is also called elsewhere; its reader lines cannot go for this caller alone")
    bound = _bind_call(fn, call)
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    counter = _Returns()
    for s in body:
        s.visit(counter)
    last = body[-1] if body else None
    if not (counter.count == 1 and isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1
            and isinstance(last.body[0], cst.Return) and last.body[0].value is not None):
        raise Refusal(f"`{name}` does not end with its one `return` of the tensors")
    read_stmt = read = None
    for s in body:
        if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Assign):
            v = s.body[0].value
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and v.func.attr.value == "read":
                if read_stmt is not None:
                    raise Refusal(f"`{name}` reads more than once")
                read_stmt, read = s, v
    if read is None:
        raise Refusal(f"`{name}` does not read a queue")
    assign = read_stmt.body[0]
    defined = target_names(assign.targets[0].target) if len(assign.targets) == 1 else None
    if defined is None or len(defined) != 2:
        raise Refusal(f"`{name}` does not unpack its read into `key, value`")
    key, value = defined
    if len(read.args) != 1 or not isinstance(read.args[0].value, cst.Name) or read.args[0].value.value not in bound:
        raise Refusal(f"`{name}` does not read the queue it is given")
    queue_param = read.args[0].value.value
    # the reader: inline, or one assignment in the helper
    removed: list[cst.CSTNode] = [read_stmt]
    reader_expr = read.func.value
    if isinstance(reader_expr, cst.Name):
        reader_stmt = scopes.single_assignment(read_stmt, reader_expr.value)
        if reader_stmt is None or reader_stmt not in body:
            raise Refusal(f"the reader `{reader_expr.value}` is not made once in `{name}` before its read")
        if [r for r in scopes.readers_of(read_stmt, reader_expr.value) if r is not reader_expr]:
            raise Refusal(f"the reader `{reader_expr.value}` is used beyond its read")
        reader_expr = reader_stmt.body[0].value
        removed.append(reader_stmt)
    from tfdata_bridge._src.migrate.pipelines import READERS

    kind = finder.is_api(reader_expr, *READERS)
    if kind is None:
        raise Refusal(f"`{name}` does not read with one of {', '.join(sorted(READERS))}")
    if [r for r in scopes.readers_of(read_stmt, queue_param) if r is not read.args[0].value]:
        raise Refusal(f"`{name}` uses its queue `{queue_param}` beyond the read")
    key_used = key != "_" and bool(scopes.readers_of(read_stmt, key))
    if key_used and kind != "WholeFileReader":
        raise Refusal(f"the record key `{key}` (file:record) is used; tf.data readers do not make it")
    others = [p for p in fn.params.params if p.name.value != queue_param]
    if {key, value} & {p.name.value for p in others}:
        raise Refusal(f"`{name}` has a parameter named like its record (`{key}`, `{value}`)")
    reader_args = {k: v.visit(_Substitute(bound)) for k, v in bind(reader_expr, kind).items()}
    record = [key, value] if key_used else [value]
    new_params = [cst.Param(cst.Name(n)) for n in record] + others
    kept = [s for s in body if s not in removed]
    gone = comments_in([s for s in body if s in removed])
    if gone and kept:  # the comments of the reader lines stay with the code that follows them
        kept[0] = kept[0].with_changes(leading_lines=[*comment_lines(gone), *kept[0].leading_lines])
    new_fn = fn.with_changes(params=fn.params.with_changes(params=new_params),
                             body=fn.body.with_changes(body=kept))
    extra = [code(bound[p.name.value]) for p in others]
    return ReaderHelper(fn, new_fn, kind, reader_args, bound[queue_param], extra, key_used)
