"""Pipeline stages bound to names by lambdas and called where the pipeline needs them (held-out round 78:
DCGAN/pix2pix's ``get_image_batch``, whose ``if train: ... else: ...`` binds in each branch ``queue = lambda:
tf.train.string_input_producer(...)``, ``batch = lambda f, x: tf.train.shuffle_batch([f, x], ...)`` (or
``tf.train.batch``) and per-element ``crop = lambda x: ...``, then after the ``if`` reads
``reader.read(queue())``, ``image = crop(random_flip(image))`` and ``return batch(fname, image)``).

A lambda is an expression evaluated where it is called, reading its free names then, so each call is the same
program as the lambda's body written at the call (its parameters the call's arguments; an argument that is not a
plain name or literal is put in only where its parameter is read once). Written so:

- bound in each branch of an ``if``/``else`` (the same names in both; a one-``return`` ``def`` counts as such a
  lambda): the code after the ``if`` written into each branch with that branch's stages in it, the names the
  copied code binds given the branch's suffix (as ``closure_branches.py`` does for nested functions); the
  ordinary rewrite then takes each branch as its own pipeline (the condition chooses the chain);
- bound once in the function (no ``if``): each call written out, the binding dropped.

Only calls at the function's own level, after the binding, are written out. A pipeline stage (a lambda making a
producer, a reader or a batch) bound in one branch only, bound again, or read other than by a call (passed
elsewhere) is left, with a note naming the form and the fix on the pipeline's refusals. ``tree.rewrite_tree``
tries the form and keeps it where fewer refusals are left. A module costs a regular-expression search unless it
binds a lambda to a name and has a pipeline call.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping

import libcst as cst

from tfdata_bridge._src.migrate.calls import bound_names, name_counts, names_in, nodes_of, param_names
from tfdata_bridge._src.migrate.closure_branches import _free, _OwnLevel, _Renamed
from tfdata_bridge._src.migrate.results import RewriteResult
from tfdata_bridge._src.migrate.walk import Visitor

_QUEUE = re.compile(r"input_producer\(|Reader\(|\bbatch\(|\bshuffle_batch\(|batch_join\(")
_BOUND = re.compile(r"^[ \t]*\w+\s*=\s*lambda\b", re.M)
_ATOMS = (cst.Name, cst.Integer, cst.Float, cst.SimpleString, cst.Call, cst.Attribute, cst.Subscript, cst.List,
          cst.Tuple, cst.Dict)


class _No(Exception):
    pass


class _Refuse(Exception):
    pass


class _Stage:
    """A lambda (or one-``return`` ``def``): its parameters and its body expression."""

    def __init__(self, name: str, params: list[str], body: cst.BaseExpression):
        self.name, self.params, self.body = name, params, body

    @property
    def pipeline(self) -> bool:
        return bool(_QUEUE.search(cst.Module(body=[]).code_for_node(self.body)))


def _stage_of(stmt: cst.BaseStatement) -> _Stage | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign):
        a = stmt.body[0]
        if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name) and isinstance(a.value, cst.Lambda):
            lam = a.value
            if not _plain(lam.params) or nodes_of(lam.body, cst.Lambda) or _comps(lam.body):
                return None
            return _Stage(a.targets[0].target.value, [p.name.value for p in lam.params.params], lam.body)
    if isinstance(stmt, cst.FunctionDef) and not stmt.decorators and not stmt.asynchronous and \
            _plain(stmt.params) and isinstance(stmt.body, cst.IndentedBlock) and len(stmt.body.body) == 1:
        last = stmt.body.body[0]
        small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
        if isinstance(small, cst.Return) and small.value is not None and not nodes_of(small, cst.Lambda) and \
                not _comps(small.value):
            return _Stage(stmt.name.value, [p.name.value for p in stmt.params.params], small.value)
    return None


def _plain(p: cst.Parameters) -> bool:
    return not (p.posonly_params or p.kwonly_params or isinstance(p.star_arg, cst.Param) or p.star_kwarg or
                any(x.default is not None for x in p.params))


def _comps(node: cst.CSTNode) -> bool:
    return any(nodes_of(node, k) for k in (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp))


def _stages(block: cst.BaseSuite) -> dict[str, _Stage] | None:
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return None
    out = {}
    for s in block.body:
        st = _stage_of(s)
        if st is None or st.name in out:
            return None
        out[st.name] = st
    return out


def _paren(e: cst.BaseExpression) -> cst.BaseExpression:
    return e if isinstance(e, _ATOMS) or e.lpar else e.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


class _Uses(Visitor):
    """How often each of ``names`` is read at all, and as the callee of a call at the code's own level."""

    def __init__(self, names):
        super().__init__()
        self.names, self.all, self.called, self.depth = names, {}, {}, 0

    def visit_Call(self, node):
        if not self.depth and isinstance(node.func, cst.Name) and node.func.value in self.names:
            self.called[node.func.value] = self.called.get(node.func.value, 0) + 1

    def visit_FunctionDef(self, node):
        self.depth += 1

    def leave_FunctionDef(self, node):
        self.depth -= 1

    def visit_Lambda(self, node):
        self.depth += 1

    def leave_Lambda(self, node):
        self.depth -= 1

    def visit_ClassDef(self, node):
        self.depth += 1

    def leave_ClassDef(self, node):
        self.depth -= 1


class _Inline(_OwnLevel):
    """Each call of a stage at the code's own level written out (a nested function, lambda or class is another's)."""

    def __init__(self, stages: Mapping[str, _Stage]):
        super().__init__()
        self.stages = stages

    def leave_Call(self, original, updated):
        if self.depth or not isinstance(updated.func, cst.Name) or updated.func.value not in self.stages:
            return updated
        st = self.stages[updated.func.value]
        given: dict[str, cst.BaseExpression] = {}
        for i, a in enumerate(updated.args):
            if a.star:
                raise _No
            name = a.keyword.value if a.keyword is not None else (st.params[i] if i < len(st.params) else None)
            if name is None or name not in st.params or name in given:
                raise _No
            given[name] = a.value
        if set(given) != set(st.params):
            raise _No
        counts = {p: sum(1 for n in nodes_of(st.body, cst.Name) if n.value == p) for p in st.params}
        for p, v in given.items():
            if not isinstance(v, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)) and counts[p] != 1:
                raise _No  # (an expression its body would read twice, or never)
        body = st.body.visit(_Renamed({p: _paren(v) for p, v in given.items()}))
        body = _paren(body)
        return body.with_changes(lpar=[*updated.lpar, *body.lpar], rpar=[*body.rpar, *updated.rpar]) \
            if updated.lpar else body


def _inline(stmts: list[cst.BaseStatement], stages: Mapping[str, _Stage]
            ) -> tuple[list[cst.BaseStatement], set[str]]:
    """``stmts`` with the calls of ``stages`` written out, and the names of the stages kept as they are (a
    per-element lambda read other than by a call: its binding stays)."""
    uses = _Uses(set(stages))
    for s in stmts:
        s.visit(uses)
    uses.all = name_counts(cst.Module(body=stmts))
    kept = set()
    for n, st in stages.items():
        if uses.all.get(n, 0) != uses.called.get(n, 0):
            if st.pipeline:
                raise _Refuse(f"`{n}` is read other than by a call at the function's own level (passed "
                              "elsewhere): call it where the pipeline needs it, or write its pipeline out there")
            kept.add(n)
    written = {n: st for n, st in stages.items() if n not in kept}
    return list(cst.Module(body=stmts).visit(_Inline(written)).body), kept


def _split_function(fn: cst.FunctionDef, taken: set[str]) -> cst.FunctionDef | None:
    """``fn`` with its lambda stages written where they are called; None where it has none. Raises ``_Refuse``
    for a pipeline stage it cannot write out so."""
    if not isinstance(fn.body, cst.IndentedBlock):
        return None
    body = list(fn.body.body)
    nested = [d for d in nodes_of(fn, cst.FunctionDef) if d is not fn]
    nested_free = set().union(*(_free(d) for d in nested)) if nested else set()
    for i, stmt in enumerate(body[:-1]):
        if not isinstance(stmt, cst.If):
            continue
        then = _stages(stmt.body)
        if then is None or not any(isinstance(s, cst.SimpleStatementLine) for s in stmt.body.body) and \
                not (isinstance(stmt.orelse, cst.Else) and any(isinstance(s, cst.SimpleStatementLine)
                                                                for s in stmt.orelse.body.body)):
            continue
        if not any(s.pipeline for s in then.values()):
            continue
        other = _stages(stmt.orelse.body) if isinstance(stmt.orelse, cst.Else) else None
        if isinstance(stmt.orelse, cst.If):
            raise _Refuse("stages bound by lambdas in an `if`/`elif` chain: bind them in an `if`/`else` of two "
                          "branches, or write the pipeline in each branch")
        if other is None:
            raise _Refuse(f"`{'`, `'.join(sorted(n for n, s in then.items() if s.pipeline))}` bound by a lambda in "
                          "one branch of the `if` only: bind it in each branch (`else:` too), or write the "
                          "pipeline in each branch")
        if set(then) != set(other):
            odd = sorted(set(then) ^ set(other))
            raise _Refuse(f"`{'`, `'.join(odd)}` bound by a lambda in one branch of the `if` only: bind the same "
                          "names in each branch")
        tail, before = body[i + 1:], body[:i]
        again = set(then) & (bound_names(*tail) | names_in(cst.Module(body=before)) | param_names(fn))
        if again:
            raise _Refuse(f"`{'`, `'.join(sorted(again))}` bound by a lambda and bound or read elsewhere too "
                          "(rebound): give each stage one name")
        outer = param_names(fn) | bound_names(*before)
        arms = []
        for stages, arm, suffix in ((then, stmt.body, "then"), (other, stmt.orelse.body, "else")):
            new_tail, kept = _inline(tail, stages)
            own = bound_names(*new_tail) - {d.name.value for d in nodes_of(cst.Module(body=new_tail),
                                                                               cst.FunctionDef)}
            if own & nested_free or own & set().union(*(names_in(stages[n].body) for n in kept)):
                raise _No
            new_tail = [*(x for x in arm.body if _stage_of(x).name in kept), *new_tail]
            renames = {}
            for n in sorted(own - outer):
                new = f"{n}_{suffix}"
                while new in taken:
                    new += "_"
                renames[n] = new
                taken.add(new)
            arms.append([s.visit(_Renamed(renames)) for s in new_tail] if suffix == "then" else new_tail)
        split = stmt.with_changes(body=stmt.body.with_changes(body=arms[0]),
                                  orelse=stmt.orelse.with_changes(body=stmt.orelse.body.with_changes(body=arms[1])))
        return fn.with_changes(body=fn.body.with_changes(body=[*before, split]))
    # (bound once, at the function's own level)
    stages = {}
    for s in body:
        st = _stage_of(s) if isinstance(s, cst.SimpleStatementLine) else None
        if st is not None:
            stages.setdefault(st.name, []).append(st)
        elif isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Assign) \
                and isinstance(s.body[0].value, cst.Lambda) and \
                _QUEUE.search(cst.Module(body=[]).code_for_node(s.body[0].value)):
            raise _Refuse("a lambda taking defaults, `*args` or `**kwargs`, or holding a lambda or a comprehension: "
                          "write it as a lambda of positional parameters")
    if not any(x.pipeline for v in stages.values() for x in v):
        return None
    once = {}
    for n, v in stages.items():
        if len(v) > 1 or n in param_names(fn) or \
                n in bound_names(*(s for s in body if _stage_of(s) is None or _stage_of(s).name != n)):
            if any(x.pipeline for x in v):
                raise _Refuse(f"`{n}` bound by a lambda more than once (rebound): give each stage its own name")
            continue
        once[n] = v[0]
    seen, out = set(), []
    for s in body:
        st = _stage_of(s) if isinstance(s, cst.SimpleStatementLine) else None
        if st is not None and st.name in once:
            seen.add(st.name)
            continue
        early = names_in(s) & (set(once) - seen)
        if early:
            raise _Refuse(f"`{'`, `'.join(sorted(early))}` read before its lambda is bound")
        out.append(s)
    _, kept = _inline(out, once)
    once = {n: st for n, st in once.items() if n not in kept}
    if not any(st.pipeline for st in once.values()):
        return None
    new, _ = _inline([s for s in body if not (isinstance(s, cst.SimpleStatementLine) and _stage_of(s) is not None
                                              and _stage_of(s).name in once)], once)
    return fn.with_changes(body=fn.body.with_changes(body=new))


def _end_line(text: str, start: int) -> int:
    lines = text.splitlines()
    indent = len(lines[start - 1]) - len(lines[start - 1].lstrip())
    end = start
    for k in range(start, len(lines)):
        s = lines[k]
        if s.strip() and len(s) - len(s.lstrip()) <= indent:
            break
        end = k + 1
    return end


def split_lambda_stages(texts: Mapping[str, str]) -> tuple[dict[str, str] | None, list]:
    """(``texts`` with each such function written so, or None where there is none; the notes of the stages
    left: ``(path, first line, last line, text)``)."""
    out, done, why = dict(texts), False, []
    for path, text in texts.items():
        if not _BOUND.search(text) or not _QUEUE.search(text):
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        taken = set(re.findall(r"\w+", text))
        changes = {}
        for fn in nodes_of(module, cst.FunctionDef):
            try:
                new = _split_function(fn, taken)
            except _No:
                continue
            except _Refuse as e:
                m = re.search(rf"^[ \t]*(?:async[ \t]+)?def[ \t]+{fn.name.value}\b", text, re.M)
                if m:
                    start = text.count("\n", 0, m.start()) + 1
                    why.append((os.path.abspath(path), start, _end_line(text, start),
                                f"a pipeline stage bound by a lambda is left: {e}"))
                continue
            if new is not None:
                changes[id(fn)] = new

        class _Swap(cst.CSTTransformer):
            def leave_FunctionDef(self, original, updated):
                return changes.get(id(original), updated)

        if changes:
            out[path], done = module.visit(_Swap()).code, True
    return (out if done else None), why


def with_lambda_stages(sources: Mapping[str, str], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                       ) -> dict[str, RewriteResult]:
    """``run(sources)``, or ``run`` of the sources with such stages written out, where that leaves fewer
    refusals (its notes given back to the original lines)."""
    from tfdata_bridge._src.migrate.registry_readers import said_at
    from tfdata_bridge._src.migrate.tree import _given_back, refusals_left

    split, why = split_lambda_stages(sources)
    if split is None:
        return said_at(run(dict(sources)), why)
    trial = run(split)

    if any(trial[p].refused or trial[p].error is not None for p in split if split[p] != sources[p]):
        plain = run(dict(sources))
        if refusals_left(trial) >= refusals_left(plain):
            return said_at(plain, why)
    return said_at(_given_back(trial, sources, split), why)


__all__ = ["split_lambda_stages", "with_lambda_stages"]
