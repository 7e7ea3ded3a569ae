"""A parsed ``VarLenFeature`` (a SparseTensor) batched under ``dynamic_pad=True``: legacy's queue stored each
sparse element apart and gave the batch as one SparseTensor of dense shape ``[batch, longest]``; ``padded_batch``
takes no SparseTensor. The element function serializes it (``serialize_sparse``: three strings, padded by nothing)
and a map after the batch makes the batch's SparseTensor again (``deserialize_many_sparse``): the same indices,
values and dense shape as legacy's (test_migrate_r30a_batching_helpers.py)."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import Assignment, GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of

_PARSERS = {"parse_single_example": ("features",), "parse_example": ("features",),
            "parse_single_sequence_example": ("context_features", "sequence_features"),
            "parse_sequence_example": ("context_features", "sequence_features")}
_SPARSE = ("VarLenFeature", "SparseFeature")
_DENSE = ("FixedLenFeature", "FixedLenSequenceFeature")


def _dict_above(scopes, at: cst.CSTNode | None, name: str, api_of) -> cst.Dict | None:
    """The dict literal ``name`` means at ``at`` (the parse's statement as written), where it is bound once above
    the pipeline (in its function, or the module's ``CONTEXT_FEATURES = {...}``) and read nowhere but as an
    argument of a parse call: no later ``name[key] = ...`` or ``name.update(...)`` may change a feature."""
    scope = scopes.scope(at) if scopes is not None and at is not None else None
    if scope is None:
        return None
    stmt = scopes.single_assignment(at, name)
    if stmt is None:  # a module's constant, read in the function
        found = list(scope[name])
        if len(found) == 1 and isinstance(found[0], Assignment) and isinstance(found[0].scope, GlobalScope):
            stmt = scopes.owners.get(id(found[0].node))
    body = stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ()
    if len(body) != 1 or not isinstance(body[0], cst.Assign) or len(body[0].targets) != 1 or \
            not isinstance(body[0].targets[0].target, cst.Name) or not isinstance(body[0].value, cst.Dict):
        return None
    home = scopes.scope(stmt)
    if home is None or len(list(home.assignments[name])) != 1:
        return None
    refs = [r for a in home.assignments[name] for r in a.references]
    roots = {id(r.scope.node): r.scope.node for r in refs if getattr(r.scope, "node", None) is not None}
    parsed = {id(a.value) for root in roots.values() for c in nodes_of(root, cst.Call)
              if (api_of(c) or "").rsplit(".", 1)[-1] in _PARSERS for a in c.args}
    if not refs or any(id(r.node) not in parsed for r in refs):  # (a read in the module's own code: not followed)
        return None
    return body[0].value


def sparse_components(p, api_of, code, scopes=None) -> dict[int, str]:
    """{index of a batched component: its dtype, as code} for each one that is a parsed VarLenFeature. ``scopes``
    (the module's): a feature dict bound above the pipeline, not in it, is read where it is bound."""
    written = p.originals if p.originals is not None and len(p.originals) == len(p.intermediates) \
        else p.intermediates
    stmt_of: dict[str, cst.CSTNode] = {}  # name -> the statement as written that binds it in the pipeline
    tensors = p.args.get("tensors")
    if not isinstance(tensors, (cst.List, cst.Tuple)):
        return {}
    bound: dict[str, tuple[cst.BaseExpression, int | None]] = {}  # name -> (its value, its place in a tuple)
    branches: dict[str, list[cst.BaseExpression]] = {}  # name -> the values an ``if``'s branches bind it to
    for stmt, as_written in zip(p.intermediates, written):
        if isinstance(stmt, cst.If):  # (``if with_labels: features = {...} else: features = {...}``)
            for small in nodes_of(stmt, cst.Assign):
                t = small.targets[0].target
                if len(small.targets) == 1 and isinstance(t, cst.Name):
                    branches.setdefault(t.value, []).append(small.value)
                    bound.pop(t.value, None)
            continue
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else []:
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                t = small.targets[0].target
                if isinstance(t, cst.Name):
                    bound[t.value] = (small.value, None)
                    stmt_of[t.value] = as_written
                    branches.pop(t.value, None)
                elif isinstance(t, (cst.Tuple, cst.List)):
                    for i, el in enumerate(t.elements):
                        if isinstance(el.value, cst.Name):
                            bound[el.value.value] = (small.value, i)
                            stmt_of[el.value.value] = as_written
                            branches.pop(el.value.value, None)
    out: dict[int, str] = {}
    for k, el in enumerate(tensors.elements):
        value = el.value
        if isinstance(value, cst.Name) and value.value in bound and bound[value.value][1] is None and \
                isinstance(bound[value.value][0], cst.Subscript):
            value = bound[value.value][0]
        if not (isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name)):
            continue
        made = bound.get(value.value.value)
        if made is None or not isinstance(made[0], cst.Call):
            continue
        call, place = made
        parser = (api_of(call) or "").rsplit(".", 1)[-1]
        if parser not in _PARSERS:
            continue
        what = f"`{code(el.value)}`, batched under dynamic_pad, may be a SparseTensor"
        kinds = _PARSERS[parser]
        if len(kinds) > 1 and place is None or len(kinds) == 1 and place is not None or \
                place is not None and place >= len(kinds):
            raise Refusal(f"{what}: which features it is parsed by is not clear")
        kind = kinds[place or 0]
        position = {"features": 1, "context_features": 1, "sequence_features": 2}[kind]
        given = [a.value for i, a in enumerate(call.args) if a.keyword is None and i == position
                 or a.keyword is not None and a.keyword.value == kind]
        spec = given[0] if len(given) == 1 else None
        specs = [spec]
        if isinstance(spec, cst.Name) and spec.value in bound:
            specs = [bound[spec.value][0]]
        elif isinstance(spec, cst.Name) and spec.value in branches:
            specs = branches[spec.value]  # each branch's dict: the feature as each gives it, where it has the key
        elif isinstance(spec, cst.Name):  # (``context_features = {...}`` above the file queue, or the module's)
            above = _dict_above(scopes, stmt_of.get(value.value.value), spec.value, api_of)
            specs = [above] if above is not None else specs
        key = value.slice[0].slice.value if len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index) \
            else None
        if all(isinstance(s, cst.Dict) for s in specs) and not isinstance(key, cst.SimpleString) and \
                all(isinstance(e, cst.DictElement) and (api_of(e.value) or "").rsplit(".", 1)[-1] in _DENSE
                    for s in specs for e in s.elements):
            continue  # (``{image_feature: FixedLenFeature(...)}``, im2txt's: whichever key, a dense feature)
        if not all(isinstance(s, cst.Dict) for s in specs) or not isinstance(key, cst.SimpleString):
            raise Refusal(f"{what}: its feature is not found in a dict written in the pipeline")
        entries = [[e.value for e in s.elements if isinstance(e, cst.DictElement)
                    and isinstance(e.key, cst.SimpleString) and e.key.evaluated_value == key.evaluated_value]
                   for s in specs]
        if len(specs) > 1:  # (a branch's dict without the key: its path fails reading it, when the graph is built)
            entries = [e for e in entries if e]
        if not entries or any(len(e) != 1 or not isinstance(e[0], cst.Call) for e in entries):
            raise Refusal(f"{what}: its feature is not found in a dict written in the pipeline")
        dtypes = set()
        for (entry,) in entries:
            feature = (api_of(entry) or "").rsplit(".", 1)[-1]
            if feature == "SparseFeature" or feature not in _SPARSE and feature != "FixedLenFeature" and \
                    feature != "FixedLenSequenceFeature":
                raise Refusal(f"{what} ({feature or 'an unknown feature'}): not rewritten")
            if feature == "VarLenFeature":
                dtype = [a.value for i, a in enumerate(entry.args) if a.keyword is None and i == 0
                         or a.keyword is not None and a.keyword.value == "dtype"]
                if len(dtype) != 1:
                    raise Refusal(f"{what}: its dtype is not written")
                dtypes.add(code(dtype[0]))
            else:
                dtypes.add(None)
        if len(dtypes) > 1:
            raise Refusal(f"{what}: the branches that make its features parse it differently; not rewritten")
        if dtypes != {None}:
            out[k] = dtypes.pop()
    return out
