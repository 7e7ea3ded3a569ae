"""A feeding thread whose target is a function made by a wrapper: the wrapper's inner function feeds.

    def read_wrapper(func):                               # module level
        def inner(x, y, sess, enqueue_op, close_op, coord, lst_path):
            for line in open(lst_path):
                sess.run(enqueue_op, feed_dict={x: func(line), y: ...})
            sess.run(close_op)
        return inner

    @read_wrapper                                         # or: read_clip = read_wrapper(load)
    def read_clip(path):
        return np.load(path)

    t = threading.Thread(target=read_clip, args=(x, y, sess, enqueue_op, close_op, coord, lst))

The thread runs ``inner`` with ``func`` bound to the wrapped function: ``inner`` is the feeding function
(``passed.py`` binds the thread's arguments to its parameters), and becomes the generator in its place, so that
``read_clip`` names the generator and the dataset reads ``read_clip(lst)``. Taken only where that changes
nothing else: the wrapper is a module-level function of one plain parameter whose body is ``def inner`` (no
decorator) and ``return inner``, used once in its module (by this decoration), private (``_name``) or in a
module that is not imported by name elsewhere (the tree checks its callers); and the wrapped name is read only
as threads' targets (``plumbing.py`` refuses any other read).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_docstring, nodes_of
from tfdata_bridge._src.migrate.object_uses import tree_uses


@dataclass
class Wrapped:
    inner: cst.FunctionDef  # the feeding function the thread runs
    called: str  # the name the thread's target reads (the decorated function, or the assigned one)
    binders: set[int]  # ids of the Name nodes that bind ``called`` (not reads)


def wrapped_feeder(module: cst.Module | None, target: cst.Name, external=None) -> Wrapped | None:
    """The wrapper's inner function that ``target`` (a thread's target) is, where ``target`` is a module-level
    function decorated by one module-level wrapper, or a module-level ``name = wrapper(function)``; None where
    ``target`` is neither. Refused (with the reason) where it is one of those but not in the form above."""
    if module is None:
        return None
    name = target.value
    defs = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    assigns = [s for s in module.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
               and isinstance(s.body[0], cst.Assign) and any(
                   isinstance(t.target, cst.Name) and t.target.value == name for t in s.body[0].targets)]
    if len(defs) + len(assigns) != 1:
        return None
    if defs:
        site = defs[0]
        if not site.decorators:
            return None
        if len(site.decorators) != 1 or not isinstance(site.decorators[0].decorator, cst.Name):
            raise Refusal(f"the feeding thread's target `{name}` is decorated other than by one wrapper of this "
                          "module named bare (`@wrapper`)")
        wrapper_name = site.decorators[0].decorator.value
        binders = {id(site.name)}
    else:
        assign = assigns[0].body[0]
        value = assign.value
        if len(assign.targets) != 1 or not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name) \
                or len(value.args) != 1 or value.args[0].keyword is not None or value.args[0].star \
                or not isinstance(value.args[0].value, cst.Name):
            return None
        wrapper_name = value.func.value
        binders = {id(assign.targets[0].target)}
    why = f"the feeding thread's target `{name}` is made by `{wrapper_name}`, which is not "
    wrappers = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == wrapper_name]
    if len(wrappers) != 1:
        if defs:
            raise Refusal(why + "one function of this module")
        return None
    wrapper = wrappers[0]
    params = wrapper.params
    if wrapper.decorators or len(params.params) != 1 or params.params[0].default is not None \
            or not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params \
            or params.star_kwarg is not None or params.posonly_params:
        raise Refusal(why + "a plain function of one parameter")
    body = [s for s in wrapper.body.body if not is_docstring(s)] if isinstance(wrapper.body, cst.IndentedBlock) \
        else []
    inner = body[0] if len(body) == 2 and isinstance(body[0], cst.FunctionDef) else None
    ret = body[1].body[0] if inner is not None and isinstance(body[1], cst.SimpleStatementLine) \
        and len(body[1].body) == 1 else None
    if inner is None or not isinstance(ret, cst.Return) or not isinstance(ret.value, cst.Name) \
            or ret.value.value != inner.name.value or inner.decorators:
        raise Refusal(why + "`def inner(...)` (undecorated) and `return inner`: what else it does is not followed")
    if sum(1 for n in nodes_of(inner.body, cst.Name) if n.value == inner.name.value):
        raise Refusal(why + f"one whose `{inner.name.value}` is read only by its `return`")
    uses = [n for n in nodes_of(module, cst.Name) if n.value == wrapper_name and n is not wrapper.name]
    if len(uses) != 1:
        raise Refusal(why + "used once in its module: making its inner function a generator would change its "
                      "other uses")
    for used in (wrapper_name, name):
        if tree_uses(external, used):
            raise Refusal(f"`{used}` is read by other modules of the tree too: the wrapper's inner function, a "
                          "generator now, would change what they get")
    return Wrapped(inner, name, binders)
