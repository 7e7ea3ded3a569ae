"""A pipeline stage in a method that another method of the class calls once: inlined at its call.

    class VideoClipReader(object):                      class VideoClipReader(object):
        def _frames(self): ...reader...                     def _frames(self): ...reader...

        def clips(self):                                    def batches(self):
            frame, index = self._frames()                       frame, index = self._frames()
            frames, indices = train.batch([frame, index], 5)    frames, indices_1 = train.batch([frame, index], 5)
            return frames, indices, indices[0] // 15            clip, indices, label = frames, indices_1, indices_1[0] // 15
                                                                return train.shuffle_batch([clip, indices, label], ...)
        def batches(self):
            clip, indices, label = self.clips()
            return train.shuffle_batch([clip, indices, label], ...)

(a video reader's clips of frames, then batches of clips, each stage in its own method). The recogniser follows
a pipeline inside one function (and reader methods that take the file queue); a stage kept in another method
hides the first stage's batch from the second. Called once, the method's statements may stand at its call: its
parameters bound first, its locals renamed apart, ``self`` as the caller's, the same ops made in the same order.
The two stages then stand in one function (``stages.py`` and the second round take them in turn).

Only a method of a module class, with no decorator, of single assignments ending in one ``return``
(``inline_sources._straight``), that calls a batch, a reader or an input producer itself, named in the module
only at its calls (``names = self.method(...)`` or ``return self.method(...)`` in a statement that runs once per
call of another method of the class, or of a subclass of the module: an abstract ``DataInputQueue``'s
``input_shuffle_batch(self, tensors)`` batching what its subclass's ``next_batch`` read; one call per method) and
nowhere in the tree's other modules, and overridden by no subclass, is inlined at each; it goes from its class.
``to_tfdata.run`` keeps the result only where more pipelines are rewritten. (A subclass in another module than
its base's is not followed: its base's method stays, and the batch there says why.)
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, identifiers, is_docstring, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _bound_args, _locals, _once, _Rename, _straight
from tfdata_bridge._src.migrate.object_uses import tree_uses
from tfdata_bridge._src.migrate.reader_attr import _family
from tfdata_bridge._src.migrate.returned_lists import Replace, module_names

_STAGES = ("batch", "batch_join", "Reader", "input_producer")


def inline_stage_methods(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each stage method called once by another method of its class inlined there, one at a time
    until none is left (the same module object where there is none). ``why``: (function, reason) of each stage
    method of two batching stages left, said at its pipelines."""
    if not any(s in code_of(module) for s in _STAGES) or "self." not in code_of(module):
        return module
    current = module
    for _ in range(8):
        new = _one(current, external)
        if new is current:
            break
        current = new
    if why is not None:  # (at the fixed point: each stage method left says why)
        _one(current, external, why)
    if current is not module:  # (a queue builder's queue, now the caller's, dequeued once before its copies' loop)
        from tfdata_bridge._src.migrate.copy_dequeues import hoist_copy_dequeues

        current = hoist_copy_dequeues(current)
    return current


def _one(module: cst.Module, external, why: list | None = None) -> cst.Module:
    classes = [s for s in module.body if isinstance(s, cst.ClassDef)]
    attributes = nodes_of(module, cst.Attribute)
    changes: dict[int, object] = {}
    for cls in classes:
        own = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]
        for fn in own:
            if fn.decorators or not fn.params.params or id(fn) in changes:
                continue
            body = _straight(fn) or _queue_builder(fn)
            if body is None or not _stage(fn):
                continue
            name = fn.name.value
            uses = [a for a in attributes if a.attr.value == name]
            overridden = _overridden(cls, classes, name, external)
            # (the caller a method of the class or of a subclass of the module overriding it nowhere: an abstract
            # base's ``input_shuffle_batch(self, tensors)`` its subclass's ``next_batch`` hands its tensors)
            callers = own + [m for c in _family(cls, classes) if c is not cls for m in c.body.body
                             if isinstance(m, cst.FunctionDef)]
            sites = [_site(callers, u, fn) for u in uses] if uses and not tree_uses(external, name) and \
                not overridden else [None]
            # (called by several methods, one call each: written at each, each call's ops made at its call)
            if len({id(x[0]) for x in sites if x is not None}) != len(sites):
                sites = [None]
            site = sites[0] if None not in sites else None
            if site is None:
                if why is not None and _batches(fn):  # (a batch stage: said where the next stage is left)
                    how = "overridden by a subclass" if overridden else \
                        "not called once by `names = self.method(...)` (or `return self.method(...)`) in another " \
                        "method of its class or a subclass"
                    why += [(m, f"the stage method `{cls.name.value}.{name}` (a batch) is {how}: it is not "
                                "inlined into its caller, whose batch then sees no source")
                            for m in own if m is not fn and any(a.attr.value == name
                                                                 for a in nodes_of(m, cst.Attribute))]
                continue
            made = [_inlined(module, fn, body, caller, stmt) for caller, stmt in sites]
            if any(new is None for new in made):
                continue
            for (_, stmt), new in zip(sites, made):
                changes[id(stmt)] = cst.FlattenSentinel(new)
            changes[id(fn)] = cst.RemovalSentinel.REMOVE
            return module.visit(Replace(changes, module))
    return module


def _queue_builder(fn: cst.FunctionDef) -> list[cst.BaseStatement] | None:
    """The statements (its docstring left out) of a method building a queue it returns (``copy_dequeues``' prefetch
    helper: a ``FIFOQueue``/``RandomShuffleQueue``, its readers' enqueue ops and their ``QueueRunner``, loops and
    ``if``s among them), with no nested function, class or lambda, no ``global`` and one ``return``, the last;
    None otherwise. Inlined at its one call, its queue is the caller's, dequeued there (``copy_dequeues.py``)."""
    from tfdata_bridge._src.migrate.copy_dequeues import _inlinable, _returned_queue

    params = fn.params
    if fn.decorators or fn.asynchronous or not isinstance(fn.body, cst.IndentedBlock) or \
            isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None or params.posonly_params or \
            params.kwonly_params or _returned_queue(fn) is None or not _inlinable(fn):
        return None
    body = list(fn.body.body)
    return body[1:] if is_docstring(body[0]) else body


def _stage(fn: cst.FunctionDef) -> bool:
    for call in nodes_of(fn, cst.Call):
        func = call.func
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        if last.endswith(_STAGES):
            return True
    return False


def _batches(fn: cst.FunctionDef) -> bool:
    return any((c.func.attr.value if isinstance(c.func, cst.Attribute) else getattr(c.func, "value", "")).endswith(
        ("batch", "batch_join")) for c in nodes_of(fn, cst.Call))


def _overridden(cls: cst.ClassDef, classes: list[cst.ClassDef], name: str, external) -> bool:
    subs = [c for c in _family(cls, classes) if c is not cls]
    found = getattr(external, "subclasses", None)
    if found is not None:
        subs += found(cls)
    return any(isinstance(s, cst.FunctionDef) and s.name.value == name for c in subs for s in c.body.body)


def _site(own: list[cst.FunctionDef], use: cst.Attribute, fn: cst.FunctionDef):
    """(the calling method, the statement ``names = self.fn(...)``) of ``use``; None for another use."""
    for caller in own:
        if caller is fn or not caller.params.params:
            continue
        me = caller.params.params[0].name.value
        for stmt in _once(caller):
            small = stmt.body[0]
            if isinstance(small, (cst.Assign, cst.Return)) and isinstance(small.value, cst.Call) and \
                    (isinstance(small, cst.Return) or len(small.targets) == 1) and \
                    small.value.func is use and isinstance(use.value, cst.Name) and use.value.value == me:
                return caller, stmt  # (``return self.fn(...)``: the last statement of a ``_once`` list, or a return)
    return None


def _inlined(module, fn: cst.FunctionDef, body, caller: cst.FunctionDef, stmt) -> list[cst.BaseStatement] | None:
    call = stmt.body[0].value
    plain = fn.with_changes(params=fn.params.with_changes(params=fn.params.params[1:]))
    bound = _bound_args(plain, call)
    if bound is None:
        return None
    me, caller_me = fn.params.params[0].name.value, caller.params.params[0].name.value
    local = _locals(fn, body) - {me}
    from tfdata_bridge._src.migrate.copy_dequeues import _assigned_names, _returned_queue

    builder = _returned_queue(fn) is not None
    if builder:  # (a queue builder's loops and ``if``s bind names too)
        local |= _assigned_names(fn) - {me}
    targets = {id(n) for s in body for a in nodes_of(s, cst.AssignTarget) for n in nodes_of(a, cst.Name)}
    read = {n.value for s in body for n in identifiers(s) if id(n) not in targets}
    if builder and (read - local - {me}) & (_assigned_names(caller) | {p.name.value for p in caller.params.params}):
        return None  # (a name the builder reads from its module, bound in the caller: it would read the caller's)
    taken = {n.value for n in identifiers(caller)} | module_names(module) | (read - local)
    names: dict[str, str] = {me: caller_me} if me != caller_me else {}
    # (a builder's returned queue named as the caller names it, ``queue = self.make_queue()``, where the builder
    # does not know that name: bound a few statements earlier, read by nothing between; no ``queue = queue_1``)
    ret = body[-1].body[0].value
    returned = isinstance(stmt.body[0], cst.Return)  # (``return self.fn(...)``: the method's return value returned)
    target = None if returned else stmt.body[0].targets[0].target
    as_target = not returned and isinstance(ret, cst.Name) and ret.value in local and ret.value not in bound and \
        isinstance(target, cst.Name) and target.value not in (read | local) - {ret.value} and builder
    if as_target:
        names[ret.value] = target.value
    for name in sorted(local):
        if name == "_" and name not in read or as_target and name == ret.value:
            continue
        k, fresh = 1, name
        while fresh in taken:
            fresh, k = f"{name}_{k}", k + 1
        taken.add(fresh)
        names[name] = fresh
    rename = _Rename(names)
    out: list[cst.BaseStatement] = [
        cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names.get(p, p)))], value)])
        for p, value in bound.items()]
    out += [s.visit(rename).with_changes(leading_lines=()) for s in body[:-1]]
    if not as_target:
        out.append(stmt.with_changes(body=[stmt.body[0].with_changes(value=body[-1].body[0].value.visit(rename))],
                                     leading_lines=()))
    out[0] = out[0].with_changes(leading_lines=stmt.leading_lines)
    return out


__all__ = ["inline_stage_methods"]
