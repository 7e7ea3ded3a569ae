"""A zero-input ``py_func`` producer made in a helper that returns its tensors, then batched by the caller:

    class Loader:
        def example(self):
            features, label = tf.py_func(self.next_example, [], [tf.float32, tf.int64], stateful=True)
            features.set_shape([2])
            return features, label

    features, label = loader.example()          # or ``make_example(loader)``, a module function
    batch = tf.train.batch([features, label], 5)

The helper (a function of this module, or a method of the caller's class or of an object this module makes) is
inlined as reader methods are (``method_source.py``): its ``py_func`` becomes the generator source, its
parameters (``self`` included) are replaced by what the call passed, and its statements after the ``py_func``
run first in the per-element function, then ``features, label = <what it returned>``. The helper itself stays
(other callers may use it; building it makes nothing until it is called). Each call made its own ``py_func``
in legacy, as each rewritten call makes its own generator.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import bind, is_docstring, names_in, Refusal

_PYFUNCS = ("py_func", "numpy_function")


def pyfunc_helper_source(finder, stmt: cst.SimpleStatementLine, call: cst.Call, defined: list[str]):
    """The ``Source`` of ``stmt`` (``targets = helper(...)``) when the helper makes a zero-input ``py_func`` and
    returns tensors; None when it is no such helper; ``Refusal`` when it is one that cannot be inlined."""
    fn, self_name = _helper(finder, stmt, call)
    if fn is None:
        return None
    from tfdata_bridge._src.migrate.pipelines import _reads

    if _reads(fn):
        return None  # a reader helper (``helpers.py``), whatever else it calls
    body = [s for s in fn.body.body if not is_docstring(s)]
    made = [i for i, s in enumerate(body) if _pyfunc_of(finder, s) is not None]
    if not made:
        return None
    name = fn.name.value
    if len(made) != 1 or made[0] != 0:
        raise Refusal(f"the helper `{name}` makes its `py_func` after other statements or more than once; only a "
                      "helper whose first statement is its one zero-input `py_func` is inlined")
    if not all(isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 for s in body) or \
            not isinstance(body[-1].body[0], cst.Return) or body[-1].body[0].value is None:
        raise Refusal(f"the helper `{name}` is not straight-line code ending in `return <its tensors>`")
    subst = _arguments(finder, stmt, fn, call, self_name)
    from tfdata_bridge._src.migrate.method_source import _assigned_names

    _free_names_are_globals(finder, stmt, fn, body, {p.name.value for p in (*fn.params.params,
                                                                         *fn.params.kwonly_params)})
    rebound = sorted(set(subst) & set().union(*(_assigned_names(s) for s in body)))
    if rebound:
        raise Refusal(f"the helper `{name}` assigns its parameter `{rebound[0]}`; not inlined")
    pf_stmt = body[0]
    pf_call = _pyfunc_of(finder, pf_stmt)
    short = finder.api(pf_call).rsplit(".", 1)[-1]
    bound = {k: _replace(v, subst) for k, v in bind(pf_call, short).items()}
    target = pf_stmt.body[0].targets[0].target
    made_names = [e.value.value for e in target.elements if isinstance(e.value, cst.Name)] \
        if isinstance(target, (cst.Tuple, cst.List)) else [target.value] if isinstance(target, cst.Name) else []
    if not made_names or any(n == "_" for n in made_names):
        raise Refusal(f"the `{short}` result in `{name}` is not unpacked into one name per output")
    from tfdata_bridge._src.migrate.literal_lists import literal_list
    from tfdata_bridge._src.migrate.pipelines import Source

    tout = literal_list(finder, stmt, bound.get("Tout")) or bound.get("Tout")
    single = not isinstance(tout, (cst.List, cst.Tuple))
    if single and (len(made_names) != 1 or not isinstance(tout, cst.Attribute)):
        raise Refusal(f"the `{short}` Tout in `{name}` is neither one dtype nor a literal list (or a module name "
                      "bound once to one), so its outputs are not known; write the dtypes as a list")
    if not single and len(made_names) != len(tout.elements):
        raise Refusal(f"the `{short}` result in `{name}` is not unpacked into one name per output")
    only = _only_use(finder, stmt, fn, self_name)
    # the helper's own statements go with it where this call was its only use; else it stays whole, beside
    rest = [_replace(s, subst) if only else _replace(s, subst).deep_clone() for s in body[1:-1]]
    returned = _replace(body[-1].body[0].value, subst)
    caller_target = stmt.body[0].targets[0].target
    inlined = [*rest, cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(caller_target)], returned)])]
    source = Source("py_func", [stmt], made_names, pyfunc={**bound, "Tout": tout}, single=single)
    source.inlined = inlined
    if only:
        source.removes = [fn]
    return source


def _only_use(finder, stmt, fn: cst.FunctionDef, self_name: str | None) -> bool:
    """This call is the helper's one use in its module (a method: its name read as an attribute once)."""
    from tfdata_bridge._src.migrate.join import _attribute_uses
    from tfdata_bridge._src.migrate.method_source import _module_of

    if self_name is None:
        return len(finder.scopes.callers(fn)) == 1
    module = _module_of(finder, stmt)
    return module is not None and _attribute_uses(module, fn.name.value) - _attribute_uses(fn, fn.name.value) == 1


def _helper(finder, stmt, call: cst.Call) -> tuple[cst.FunctionDef | None, str | None]:
    """(the helper ``call`` calls, the object a method is called on); (None, None) when it is neither a function
    nor a method of this module's classes."""
    _refuse_another_modules(finder, call)
    if isinstance(call.func, cst.Name):
        return finder.scopes.module_function(stmt, call.func.value), None
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
        return None, None
    from tfdata_bridge._src.migrate.join import _any_method
    from tfdata_bridge._src.migrate.method_source import _module_of

    module = _module_of(finder, stmt)
    if module is None:
        return None, None
    try:
        fn, foreign, _cls = _any_method(finder, module, stmt, func)
    except Refusal:
        return None, None
    if foreign is not None:
        return None, None  # another module's class: its names are not this module's
    return fn, func.value.value


def _refuse_another_modules(finder, call: cst.Call) -> None:
    """A helper of another module of the tree that makes a zero-input ``py_func``: its names are its module's, and
    its module keeps it; not followed (said, rather than "no producer feeds this batch")."""
    found = finder.external(call.func) if finder.external is not None else None
    if found is None:
        return
    fn, home = found
    if any(_pyfunc_of(home, s) is not None for s in fn.body.body):
        raise Refusal(f"the `py_func` producer is made in `{fn.name.value}` of another module: a producer helper of "
                      "another module is not followed yet; define the helper in this module, or keep the queue "
                      "(`migrate --to compat`)")


def _pyfunc_of(finder, stmt: cst.BaseStatement) -> cst.Call | None:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1):
        return None
    value = stmt.body[0].value
    short = finder.is_api(value, *_PYFUNCS)
    if short is None:
        return None
    inp = bind(value, short).get("inp")  # a py_func with inputs is per-element code, no producer
    return value if isinstance(inp, (cst.List, cst.Tuple)) and not inp.elements else None


def _arguments(finder, stmt, fn: cst.FunctionDef, call: cst.Call, self_name: str | None
               ) -> dict[str, cst.BaseExpression]:
    """Each parameter of ``fn`` and what replaces it in the inlined statements: a name the caller binds once (or
    a module name), or a literal; else ``Refusal`` (an expression would run again where legacy ran it once)."""
    name = fn.name.value
    params = fn.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None or params.star_kwarg \
            or params.posonly_params or fn.decorators:
        raise Refusal(f"the helper `{name}` has decorators or *args/**kwargs; not inlined")
    plain = [*params.params, *params.kwonly_params]
    if self_name is not None:
        if not params.params:
            raise Refusal(f"the method `{name}` takes no `self`; not inlined")
        subst: dict[str, cst.BaseExpression] = {params.params[0].name.value: cst.Name(self_name)}
        plain = plain[1:]
        if not _bound_once(finder, stmt, self_name):
            raise Refusal(f"`{self_name}` is not bound once before `{self_name}.{name}()`; not inlined")
    else:
        subst = {}
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args) or len(positional) > len(params.params) - (self_name is not None):
        raise Refusal(f"`{name}` is called with *args/**kwargs or more arguments than it takes; not inlined")
    given = {p.name.value: a.value for p, a in zip(plain, positional)}
    given.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
    for p in plain:
        value = given.get(p.name.value, p.default)
        if value is None:
            raise Refusal(f"`{name}` is called without its `{p.name.value}`; not inlined")
        if p.name.value not in given and not isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)):
            raise Refusal(f"the default of `{p.name.value}` in `{name}` is not a literal; pass it in the call")
        # the generator reads the name when it runs, legacy's py_func when it was built: one binding, one object
        if isinstance(value, cst.Name) and value.value not in ("None", "True", "False") and \
                not _bound_once(finder, stmt, value.value):
            raise Refusal(f"the argument `{value.value}` of `{name}` is not bound once; not inlined")
        if not isinstance(value, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
            raise Refusal(f"the argument `{p.name.value}` of `{name}` is an expression, not a name or a literal; "
                          "bind it to a name first")
        subst[p.name.value] = value
    return subst


def _bound_once(finder, stmt, name: str) -> bool:
    """``name``, read at ``stmt``, has one binding in all (a parameter, a module name or one assignment)."""
    scope = finder.scopes.scope(stmt)
    return scope is not None and len(list(scope[name])) == 1


def _free_names_are_globals(finder, stmt, fn: cst.FunctionDef, body, params: set[str]) -> None:
    """The names the helper reads from its module (``tf``, ``np``, a constant) mean the same at the call site: no
    local of the caller hides them (the inlined statements run in a function of the caller's)."""
    from libcst.metadata import BuiltinScope, GlobalScope
    from tfdata_bridge._src.migrate.method_source import _assigned_names

    scope = finder.scopes.scope(stmt)
    own = params | set().union(*(_assigned_names(s) for s in body))
    for n in sorted(set().union(*(names_in(s) for s in body)) - own):
        found = list(scope[n]) if scope is not None else []
        if not found or not all(isinstance(a.scope, (GlobalScope, BuiltinScope)) for a in found):
            raise Refusal(f"`{n}`, which the helper `{fn.name.value}` reads from its module, is bound otherwise "
                          "where it is called; not inlined")


def _replace(node, subst: dict[str, cst.BaseExpression]):
    """``node`` with each parameter name read in it replaced (``self.x`` -> ``loader.x``); ``node`` itself when it
    reads none (so the qualified names the finder knows stay attached)."""
    if not subst or node is None or not (names_in(node) & set(subst)):
        return node

    class _T(cst.CSTTransformer):
        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
            return updated.with_changes(attr=original.attr)

        def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
            return updated.with_changes(keyword=original.keyword)

        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
            return subst.get(original.value, updated)

    return node.visit(_T())
