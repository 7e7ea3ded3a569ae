"""A pipeline a method makes only in a branch (the first tower's pass) and batches after it, on every call
(held-out round 69: SEGAN's ``build_model_single_gpu``, called once per pass of a towers loop)::

    def build_model_single_gpu(self, gpu_idx):
        if gpu_idx == 0:                                    # the source, made once
            queue = tf.train.string_input_producer([self.path], num_epochs=self.epoch)
            self.get_wav, self.get_noisy = read_and_decode(queue, self.canvas_size)
        wavs, noisy = tf.train.shuffle_batch([self.get_wav, self.get_noisy], ...)   # a batch per call

Every call after the first makes its own batch of the tensors the first call stored, so the batches share the
one reader: each record goes to one of them. One iterator does that: each ``get_next()`` op takes the next
batch. So the batch is written into the branch (its tensors as local names) for the ordinary rewrite, which
makes there ``wavs, noisy = tf.data.make_one_shot_iterator(dataset).get_next()``; then the iterator is stored
on ``self`` in the branch and every call reads ``self.<it>.get_next()`` after it::

        if gpu_idx == 0:
            ...dataset...
            self._wav_and_noisy_batches = tf.data.make_one_shot_iterator(dataset)
        wavs, noisy = self._wav_and_noisy_batches.get_next()

The form: an ``if`` without ``else`` in a method's body, the statement right after it one assignment of a
``train.batch`` / ``train.shuffle_batch`` call whose tensors list is of ``self.<attr>``s, each set in the
branch's own block (by assignments to attributes of ``self`` only) and named nowhere else in the tree (so
nothing else reads the per-element tensors), the call's other arguments reading no parameter or local of the
method. ``tree.rewrite_tree`` tries it where found and keeps it only where each such batch is then rewritten
and the tree is left with fewer refusals; otherwise the refusal (``separated_source.py``) stands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from tfdata_bridge._src.migrate.calls import bound_names, dotted, names_in, nodes_of, param_names
from tfdata_bridge._src.migrate.results import Note, RewriteResult

_BATCHES = ("train.batch", "train.shuffle_batch")
_QUICK = re.compile(r"train\.(?:shuffle_)?batch\(\s*(?:tensors\s*=\s*)?[\[(]\s*self\.")


@dataclass(frozen=True)
class Moved:
    """One batch written into its branch: where, and what to read back after the rewrite."""

    path: str
    cls: str
    fn: str
    test: str  # the code of the ``if``'s test
    targets: str  # the code of the batch's targets, whitespace squeezed
    attr: str  # the attribute of ``self`` the iterator goes to
    line: int  # the batch's line in the original text


def _squeeze(text: str) -> str:
    return re.sub(r"[\s\\]+", "", text)


def _batch_call(stmt: cst.CSTNode) -> tuple[cst.Assign, cst.Call] | None:
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1 or not isinstance(small.value, cst.Call):
        return None
    name = dotted(small.value.func)
    if not any(name == b or name.endswith("." + b) for b in _BATCHES):
        return None
    return small, small.value


def _self_attr(node: cst.CSTNode) -> str | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        return node.attr.value
    return None


def _tensors(call: cst.Call) -> cst.Arg | None:
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        if (arg.keyword is None and i == 0) or (arg.keyword is not None and arg.keyword.value == "tensors"):
            return arg
    return None


def _plan(module: cst.Module, fn: cst.FunctionDef, at: int, texts: list[str]) -> tuple[cst.If, cst.BaseStatement,
                                                                                        str] | None:
    """(the ``if`` with the batch written into it, the statement the batch becomes nothing of, the attribute)."""
    body = list(fn.body.body)
    branch, stmt = body[at], body[at + 1]
    if not isinstance(branch, cst.If) or branch.orelse is not None or not isinstance(branch.body, cst.IndentedBlock):
        return None
    found = _batch_call(stmt)
    if found is None:
        return None
    assign, call = found
    arg = _tensors(call)
    if arg is None or not isinstance(arg.value, (cst.List, cst.Tuple)) or not arg.value.elements:
        return None
    attrs = [_self_attr(el.value) for el in arg.value.elements]
    if any(a is None or not isinstance(el, cst.Element) for a, el in zip(attrs, arg.value.elements)) or \
            len(set(attrs)) != len(attrs):
        return None
    # (each attribute set once, in the branch's own block, by an assignment to attributes of ``self`` only)
    setters: dict[str, int] = {}
    for i, inner in enumerate(branch.body.body):
        if not isinstance(inner, cst.SimpleStatementLine):
            continue
        for small in inner.body:
            if not isinstance(small, cst.Assign):
                continue
            for t in small.targets:
                els = [e.value for e in t.target.elements] if isinstance(t.target, (cst.Tuple, cst.List)) \
                    else [t.target]
                named = [_self_attr(e) for e in els]
                for n in named:
                    if n in attrs:
                        if None in named or n in setters:
                            return None
                        setters[n] = i
    if set(setters) != set(attrs):
        return None
    words = "\n".join(texts)
    for a in attrs:  # (an attribute nowhere else in the tree: the target and the batch's read; no ``getattr``)
        if len(re.findall(rf"\.\s*{re.escape(a)}\b", words)) != 2 or re.search(rf"['\"]{re.escape(a)}['\"]", words):
            return None
    mine = module.code_for_node(fn)
    local = {}
    for a in attrs:  # (the local each becomes: its own name where the method names nothing else so)
        name = a
        while len(re.findall(rf"\b{re.escape(name)}\b", mine)) != (2 if name == a else 0) or name in local.values():
            name = f"{name}_one" if name == a else name + "_"
        local[a] = name
    # (the batch's other arguments read no parameter or local of the method: they are evaluated once, in the branch)
    locals_ = (param_names(fn) | bound_names(fn.body)) - {"self"}
    rest = [a for a in call.args if a is not arg]
    if any(names_in(a.value) & locals_ for a in rest):
        return None
    if names_in(assign.targets[0].target) & names_in(branch.body):
        return None
    name = next((a.value.evaluated_value for a in call.args if a.keyword is not None and a.keyword.value == "name"
                 and isinstance(a.value, cst.SimpleString)), None)
    stem = re.sub(r"\W", "_", name) if isinstance(name, str) and name else attrs[0]
    attr = f"_{stem}_batches"
    while re.search(rf"\b{re.escape(attr)}\b", words):
        attr += "_"

    class _Local(cst.CSTTransformer):
        def leave_Attribute(self, original, updated):
            a = _self_attr(original)
            return cst.Name(local[a]) if a in attrs else updated

    new_body = [s.visit(_Local()) if i in setters.values() else s for i, s in enumerate(branch.body.body)]
    moved = stmt.with_changes(body=[assign.with_changes(value=call.with_changes(
        args=[a.with_changes(value=a.value.visit(_Local())) if a is arg else a for a in call.args]))])
    new_branch = branch.with_changes(body=branch.body.with_changes(body=[*new_body, moved]))
    return new_branch, stmt, attr


def first_tower_batches(texts: dict[str, str]) -> tuple[dict[str, str], list[Moved]] | None:
    """``texts`` (path -> source) with each such batch written into its branch, and what was moved; None where
    there is none."""
    out, moved = dict(texts), []
    every = list(texts.values())
    for path, text in texts.items():
        if "if " not in text or not _QUICK.search(text):
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        changes: dict[int, cst.FunctionDef] = {}
        where = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        gone = cst.SimpleStatementLine(body=[cst.Pass()])  # (a placeholder for each moved batch: dropped below)
        for cls in nodes_of(module, cst.ClassDef):
            for fn in cls.body.body:
                if not isinstance(fn, cst.FunctionDef) or not fn.params.params or \
                        fn.params.params[0].name.value != "self" or not isinstance(fn.body, cst.IndentedBlock):
                    continue
                body = list(fn.body.body)
                for at in range(len(body) - 1):
                    plan = _plan(module, fn.with_changes(body=fn.body.with_changes(body=body)), at, every)
                    if plan is None:
                        continue
                    new_branch, stmt, attr = plan
                    test = module.code_for_node(body[at].test)
                    targets = module.code_for_node(stmt.body[0].targets[0].target)
                    body[at] = new_branch
                    line = where[stmt].start.line
                    body[at + 1] = gone
                    every.append(attr)  # (the name taken)
                    moved.append(Moved(path, cls.name.value, fn.name.value, _squeeze(test), _squeeze(targets), attr,
                                       line))
                if any(s is gone for s in body):
                    body = [s for s in body if s is not gone]
                    changes[id(fn)] = fn.with_changes(body=fn.body.with_changes(body=body))
        if changes:
            class _Swap(cst.CSTTransformer):
                def leave_FunctionDef(self, original, updated):
                    return changes.get(id(original), updated)

            out[path] = module.visit(_Swap()).code
    return (out, moved) if moved else None


def read_back(code: str, moves: list[Moved]) -> str | None:
    """The rewritten ``code`` with each moved batch's iterator stored on ``self`` in its branch and read by
    ``get_next()`` after it; None where a moved batch was not rewritten so."""
    try:
        module = cst.parse_module(code)
    except cst.ParserSyntaxError:
        return None
    changes: dict[int, cst.FunctionDef] = {}
    for cls in nodes_of(module, cst.ClassDef):
        for fn in cls.body.body:
            mine = [m for m in moves if m.cls == cls.name.value and isinstance(fn, cst.FunctionDef)
                    and m.fn == fn.name.value]
            if not mine:
                continue
            body = list(fn.body.body)
            for m in mine:
                at = next((i for i, s in enumerate(body) if isinstance(s, cst.If) and s.orelse is None
                           and _squeeze(module.code_for_node(s.test)) == m.test), None)
                if at is None or not isinstance(body[at].body, cst.IndentedBlock):
                    return None
                inner = list(body[at].body.body)
                last = inner[-1] if inner else None
                small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and _squeeze(module.code_for_node(small.targets[0].target)) == m.targets
                        and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute)
                        and small.value.func.attr.value == "get_next"):
                    return None
                store = cst.Attribute(cst.Name("self"), cst.Name(m.attr))
                inner[-1] = last.with_changes(body=[cst.Assign(targets=[cst.AssignTarget(store)],
                                                               value=small.value.func.value)])
                after = cst.SimpleStatementLine(body=[small.with_changes(value=small.value.with_changes(
                    func=small.value.func.with_changes(value=store)))])
                body[at] = body[at].with_changes(body=body[at].body.with_changes(body=inner))
                body.insert(at + 1, after)
            changes[id(fn)] = fn.with_changes(body=fn.body.with_changes(body=body))

    class _Swap(cst.CSTTransformer):
        def leave_FunctionDef(self, original, updated):
            return changes.get(id(original), updated)

    return module.visit(_Swap()).code


def with_first_towers(sources: Mapping[str, str], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                      ) -> dict[str, RewriteResult]:
    """``run(sources)`` (path -> result), or, where a module of ``sources`` has the form, ``run`` of the sources
    with each such batch written into its branch and then read back: kept where each moved batch is rewritten
    so (a module whose batch is not is tried again as it was) and fewer refusals are left."""
    from tfdata_bridge._src.migrate.tree import _given_back, refusals_left

    found = first_tower_batches(dict(sources))
    if found is None:
        return run(dict(sources))
    texts, moves = found
    for _ in range(2):  # (a module whose moved batch the trial did not so rewrite is tried again as it was)
        trial = run(texts)
        out, failed = dict(trial), set()
        for p in {m.path for m in moves}:
            code = read_back(trial[p].code, [m for m in moves if m.path == p]) if trial[p].code != texts[p] \
                else None
            if code is None:
                failed.add(p)
            else:
                out[p] = replace(trial[p], code=code)
        if not failed:
            break
        texts = {p: sources[p] if p in failed else t for p, t in texts.items()}
        moves = [m for m in moves if m.path not in failed]
        if not moves:
            return run(dict(sources))
    else:
        return run(dict(sources))

    # (a trial leaving no refusal in the modules it wrote is kept; else only where it leaves fewer than the plain)
    if any(out[p].refused or out[p].error is not None for p in texts if texts[p] != sources[p]):
        plain = run(dict(sources))
        if refusals_left(out) >= refusals_left(plain):
            return plain
    out = _given_back(out, sources, texts)
    for m in moves:
        out[m.path] = replace(out[m.path], notes=tuple(sorted((*out[m.path].notes, _towers_note(m.line)),
                                                              key=lambda n: n.line)))
    return out


def _towers_note(line: int) -> Note:
    return Note(line, "the batch is made on every call, its source only in the branch: one iterator, made in the "
                "branch and kept on `self`, gives each call's `get_next()` the next batch, as the calls' batch "
                "queues shared the one reader; accepted: one shuffle window for all of them, not one per call",
                kind="info")


__all__ = ["first_tower_batches", "read_back", "with_first_towers"]
