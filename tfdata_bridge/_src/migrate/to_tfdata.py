"""``rewrite(source, to="tfdata")``: each recognised queue pipeline becomes a tf.data chain.

The batch call's targets get ``tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()``, so the
session loop stays (a one-shot iterator ends with ``OutOfRangeError`` as the queue did). The statements of
the pipeline (producer, reader, read, the ops between) move into the generated code. A pipeline that
cannot be rewritten with the same meaning is left untouched and reported, with the reason. Queue-runner
plumbing is then removed where nothing else uses it (``plumbing``).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, QualifiedNameProvider

from tfdata_bridge._src.migrate.calls import Refusal, tf_path
from tfdata_bridge._src.migrate.feed_thread import FeedFinder
from tfdata_bridge._src.migrate.generate import Generator
from tfdata_bridge._src.migrate.join import join_pipeline
from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS, Finder, Pipeline
from tfdata_bridge._src.migrate.plumbing import remove_plumbing
from tfdata_bridge._src.migrate.results import Note


class _Index(cst.CSTVisitor):
    """API paths of calls, name references, and the blocks holding batch calls."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self) -> None:
        super().__init__()
        self.paths: dict[cst.Call, str | None] = {}
        self.refs: dict[str, list[cst.Name]] = {}
        self.blocks: list[list[cst.BaseStatement]] = []
        self.lines: dict[cst.CSTNode, int] = {}
        self.spans: dict[cst.CSTNode, tuple[int, int]] = {}
        self.v1: dict[cst.Call, str] = {}
        self.fixed_len: dict[cst.Call, bool] = {}
        self.threads: set[cst.Call] = set()

    def visit_Module(self, node: cst.Module) -> None:
        self.blocks.append(list(node.body))

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.blocks.append(list(node.body))

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        where = self.get_metadata(PositionProvider, node)
        self.lines[node] = where.start.line
        self.spans[node] = (where.start.line, where.end.line)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        where = self.get_metadata(PositionProvider, node)
        self.spans[node] = (where.start.line, where.end.line)

    def visit_Call(self, node: cst.Call) -> None:
        if any(q.name == "threading.Thread" for q in self.get_metadata(QualifiedNameProvider, node.func, set())):
            self.threads.add(node)
        path = tf_path(self, node.func)
        self.paths[node] = path
        if path is not None:
            spelled = _dotted(node.func)
            if spelled.endswith("." + path):
                self.v1[node] = spelled[: -len(path) - 1]
            self.fixed_len[node] = path.rsplit(".", 1)[-1] == "FixedLenFeature"

    def visit_Name(self, node: cst.Name) -> None:
        self.refs.setdefault(node.value, []).append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


def _dotted(expr: cst.BaseExpression) -> str:
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        inner = _dotted(expr.value)
        return f"{inner}.{expr.attr.value}" if inner else ""
    return ""


class _Apply(cst.CSTTransformer):
    def __init__(self, removed: set[cst.CSTNode], replaced: dict[cst.CSTNode, list[cst.BaseStatement]]) -> None:
        super().__init__()
        self.removed = removed
        self.replaced = replaced

    def leave_SimpleStatementLine(self, original, updated):
        if original in self.removed:
            return cst.RemovalSentinel.REMOVE
        if original in self.replaced:
            return cst.FlattenSentinel(self.replaced[original])
        return updated

    def leave_FunctionDef(self, original, updated):
        return cst.RemovalSentinel.REMOVE if original in self.removed else updated


def _fixed_len_only(index: _Index, features: cst.BaseExpression) -> bool:
    """A dict literal whose every value is a ``FixedLenFeature(...)`` call."""
    if not isinstance(features, cst.Dict) or not features.elements:
        return False
    return all(
        isinstance(el, cst.DictElement) and isinstance(el.value, cst.Call) and index.fixed_len.get(el.value, False)
        for el in features.elements
    )


def to_tfdata(module: cst.Module) -> tuple[cst.Module, list[Note]]:
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    index = _Index()
    wrapper.visit(index)
    finder = Finder(index.paths, index.refs)
    taken = set(index.refs)
    notes: list[Note] = []
    removed: set[cst.CSTNode] = set()
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = {}

    def fresh(base: str) -> str:
        name, i = base, 2
        while name in taken:
            name, i = f"{base}_{i}", i + 1
        taken.add(name)
        return name

    for body in index.blocks:
        for i, stmt in enumerate(body):
            if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
                continue
            small = stmt.body[0]
            value = small.value if isinstance(small, (cst.Assign, cst.Expr, cst.Return)) else None
            api = index.paths.get(value) if isinstance(value, cst.Call) else None
            if api is None:
                continue
            line = index.lines.get(stmt, 0)
            if api in ("FIFOQueue", "queue.FIFOQueue") and isinstance(small, cst.Assign) and \
                    len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                try:
                    feed = FeedFinder(index, module.code_for_node, index.v1.get(value) or "", fresh)
                    if not feed.v1:
                        raise Refusal("the queue is not spelled through a `tensorflow` module alias")
                    plan = feed.plan(body, i, small.targets[0].target.value, value)
                except Refusal as exc:
                    notes.append(Note(line, f"`tf.compat.v1.FIFOQueue` left: {exc}"))
                    continue
                removed.update(plan.removed)
                anchor = plan.replace_at
                lead = _lead(anchor, body, removed)
                plan.new[0] = plan.new[0].with_changes(leading_lines=[*lead, *_comment_lines(plan.comment)])
                replaced[anchor] = plan.new
                notes.append(Note(line, plan.comment.split(": ", 1)[1], kind="info"))
                continue
            if api not in BATCHES and api not in JOINS:
                continue
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1) and not isinstance(small, cst.Return):
                notes.append(Note(line, f"`{api}` left: its result is neither assigned to names nor returned"))
                continue
            try:
                if api in JOINS:
                    pipeline, moved = join_pipeline(finder, module, body, i, api)
                else:
                    pipeline = finder.pipeline(body, i)
                    moved = _moved(pipeline)
                v1 = index.v1.get(value) or ""
                if not v1:
                    raise Refusal("the batch call is not spelled through a `tensorflow` module alias "
                                  "(`tf.train.batch`), so there is no prefix to write tf.data with")
                gen = Generator(v1, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f),
                                lambda n: index.paths.get(n))
                new, get_next, comment = gen.statements(pipeline)
            except Refusal as exc:
                notes.append(Note(line, f"`{api}` pipeline left unchanged: {exc}"))
                continue
            removed.update(moved)
            out = small.with_changes(value=get_next)
            lead = _lead(stmt, body, removed)
            new[0] = new[0].with_changes(leading_lines=[*lead, *_comment_lines(comment)])
            replaced[stmt] = [*new, stmt.with_changes(body=[out], leading_lines=())]
            notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
    notes += _left_alone(module, index, [*removed, *replaced], notes)
    removed.update(_imports_left_unused(module, index, removed))
    if not replaced:
        return module, notes
    out = module.visit(_Apply(removed, replaced))
    out = cst.parse_module(out.code)  # fresh positions and names for the plumbing pass
    out, plumbing_notes = remove_plumbing(out)
    return out, notes + plumbing_notes


def _left_alone(module: cst.Module, index: _Index, handled: list[cst.CSTNode], notes: list[Note]) -> list[Note]:
    """A note for each queue-pipeline API outside the rewritten pipelines that no refusal explains yet."""
    from tfdata_bridge._src.migrate.scanner import scan_source
    from tfdata_bridge._src.symbols import BY_PATH

    spans = [index.spans[s] for s in handled if s in index.spans]
    explained = {n.line for n in notes if n.kind == "refused"}
    out = []
    for f in scan_source(module.code):
        sym = BY_PATH.get(f.api.removeprefix("tf.compat.v1."))  # None: a star import (not an API)
        if sym is None or sym.to_tfdata != "pipeline" or f.line in explained or any(a <= f.line <= b for a, b in spans):
            continue
        explained.add(f.line)
        if "Queue" in sym.name:
            why = ("a queue filled by enqueue ops (the feed-thread pattern) is not rewritten yet; "
                   "`migrate --to compat` runs it unchanged through the drop-in")
        else:
            why = "it is not part of a pipeline the rewrite recognises"
        out.append(Note(f.line, f"`{f.api}` left: {why}"))
    return out


def _imports_left_unused(module: cst.Module, index: _Index, removed: set[cst.CSTNode]) -> list[cst.CSTNode]:
    """``import threading`` when the feed thread was its only use."""
    gone: set[int] = set()
    for stmt in removed:
        if isinstance(stmt, cst.SimpleStatementLine):
            gone |= {id(n) for n in _all_names(stmt)}
    out = []
    for stmt in module.body:
        if (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Import)
                and len(stmt.body[0].names) == 1 and stmt.body[0].names[0].asname is None
                and isinstance(stmt.body[0].names[0].name, cst.Name)
                and stmt.body[0].names[0].name.value == "threading"):
            refs = index.refs.get("threading", [])
            if refs and all(id(r) in gone for r in refs):
                out.append(stmt)
    return out


def _all_names(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            found.append(n)

    node.visit(_V())
    return found


def _lead(stmt: cst.BaseStatement, body: list[cst.BaseStatement], removed: set[cst.CSTNode]) -> list[cst.EmptyLine]:
    """The lines before generated code: the statement's own, or one blank line unless it now opens its block."""
    if stmt.leading_lines:
        return list(stmt.leading_lines)
    before = body[: body.index(stmt)] if stmt in body else []
    return [] if all(b in removed for b in before) else [cst.EmptyLine(indent=False)]


def _moved(p: Pipeline) -> list[cst.CSTNode]:
    return [*p.source.statements, *p.intermediates]


def _comment_lines(comment: str, width: int = 100) -> list[cst.EmptyLine]:
    words, lines, line = comment.split(" "), [], "#"
    for word in words:
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    lines.append(line)
    return [cst.EmptyLine(comment=cst.Comment(text)) for text in lines]
