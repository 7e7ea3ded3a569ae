"""A file queue handed in: ``def read_and_batch(filename_queue, batch_size)`` reads, decodes and batches, and its
callers make ``filename_queue = tf.train.string_input_producer(files, num_epochs=..., shuffle=...)`` and call it
(the CIFAR-10 and speech tutorials' shape). The rewrite keeps that split: each caller's producer becomes the
dataset of its file names (the producer's epochs and shuffle, as written), handed in where the queue was, and the
function reads the records of the files it is handed, decodes and batches them (``generate.py``).

Followed only where the parameter is read by the one ``reader.read`` and every call of the function passes a name
bound once, in the same turn of the caller, to a ``string_input_producer`` that nothing else reads (or makes the
producer in the call); anything else is refused, naming what. A caller may be in another module of the tree
(``from pkg import mod`` ... ``mod.read_and_decode(queue)``, the commonest split of all): its producer is followed
there with that module's Finder, and its new statements, spelled with that module's ``tensorflow`` alias, go there
through the tree's requests (``tree.py``, which keeps them only where both modules are rewritten so).""" 

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import Assignment, ClassScope, GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, bind, nodes_of
from tfdata_bridge._src.migrate.queue_callers import _holder, same_turns
from tfdata_bridge._src.migrate.subclasses import OVERRIDDEN, overriders


@dataclass
class PassedQueue:
    param: str  # the function's parameter that took the queue, and now takes the dataset of file names
    # each caller's producer statement, its bound arguments, and the name it bound (handed to the function)
    # (an inline ``f(tf.train.string_input_producer(...), n)``: the call's statement, and the producer call in it
    # in place of the name)
    producers: list[tuple[cst.SimpleStatementLine, dict[str, cst.BaseExpression], str | cst.Call]]
    # the module of each producer made in another module of the tree (a caller there: ``tree.py`` writes its new
    # statements through the requests), by the producer statement's id
    foreign: dict[int, cst.Module] = field(default_factory=dict)


def passed_file_queue(finder, at: cst.CSTNode, name: str, read_arg: cst.Name) -> PassedQueue | None:
    """The callers' producers of the file queue ``name``, a parameter of the module function holding ``at``
    (the read); None where ``name`` is no parameter there. Refusal where it is one the rewrite cannot follow."""
    scope = finder.scopes.scope(at)
    fn = getattr(scope, "node", None)
    if not isinstance(fn, cst.FunctionDef):
        return None
    params = [*fn.params.posonly_params, *fn.params.params]
    names = [p.name.value for p in params]
    kwonly = [p.name.value for p in fn.params.kwonly_params]
    if name not in names and name not in kwonly:
        return None
    what = f"the file queue `{name}` is a parameter of `{fn.name.value}`"
    found = list(scope.assignments[name])
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].node, cst.Param):
        raise Refusal(f"{what}, bound again in its body")
    refs = [r.node for r in found[0].references]
    if len(refs) != 1 or refs[0] is not read_arg:
        raise Refusal(f"{what} and is used beyond its one `read` (a file queue's other ops have no dataset "
                      "counterpart)")
    parent = getattr(scope, "parent", None)
    position = names.index(name) if name in names else None
    sites: list[tuple] = []  # (that module's Finder, the function's name at the call, that module) elsewhere
    if isinstance(parent, ClassScope) and isinstance(parent.node, cst.ClassDef) and names and \
            not fn.decorators and position:  # a method: called as ``self.method(queue, ...)`` in its class
        callers = method_callers(finder, fn, parent.node, what)
        position -= 1  # (``self``)
    elif not isinstance(parent, GlobalScope):
        raise Refusal(f"{what}, a nested function or a decorated method: its callers are not followed (a module "
                      "function's and a plain method's are)")
    else:
        callers = finder.scopes.callers(fn)
        elsewhere = getattr(finder.external, "calls_elsewhere", None)
        for call, stmt, home, site in (elsewhere(fn.name.value) if elsewhere is not None else []):
            # (a caller of another module of the tree: its producer is followed there, with that module's Finder)
            if call is None:
                raise Refusal(f"{what}, and another module of the tree uses `{fn.name.value}` other than by a call")
            sites.append((site, call.func, home))
    sites = [(finder, c, None) for c in callers] + sites
    if not sites:
        raise Refusal(f"{what}, and no function of its module calls it, nor one of the tree being migrated: the "
                      "producer a caller makes (in a module not migrated with it, say) is not followed")
    producers: list[tuple[cst.SimpleStatementLine, dict[str, cst.BaseExpression], str | cst.Call]] = []
    seen: set[int] = set()
    foreign: dict[int, cst.Module] = {}
    for site, caller, home in sites:
        holder = _holder(site, caller)
        call = next((c for c in nodes_of(holder, cst.Call) if c.func is caller), None) if holder is not None \
            else None
        if holder is None:
            raise Refusal(f"{what}, and `{fn.name.value}` is used in a comprehension, a lambda or a default, where "
                          "it may be called more than once with one file queue")
        if call is None:
            raise Refusal(f"{what}, and `{fn.name.value}` is used other than by a call")
        if any(a.star for a in call.args):
            raise Refusal(f"{what}, and a call of `{fn.name.value}` passes arguments with `*`")
        given = [a.value for i, a in enumerate(call.args)
                 if a.keyword is None and i == position or a.keyword is not None and a.keyword.value == name]
        if len(given) == 1 and site.is_api(given[0], "train.string_input_producer"):  # made in the call
            if id(holder) in seen:
                raise Refusal(f"{what}, and a call of `{fn.name.value}` is handed a producer made in it where "
                              "it is not the statement's one producer (bind each to a name first)")
            seen.add(id(holder))
            producers.append((holder, bind(given[0], "train.string_input_producer"), given[0]))
            if home is not None:
                foreign[id(holder)] = home
            continue
        if len(given) != 1 or not isinstance(given[0], cst.Name):
            raise Refusal(f"{what}, and a call of `{fn.name.value}` does not pass it as a name bound to the "
                          "producer (bind `string_input_producer(...)` to a name first)")
        queue = given[0].value
        made = site.scopes.single_assignment(holder, queue)
        value = made.body[0].value if made is not None else None
        if made is None or not site.is_api(value, "train.string_input_producer") or \
                not (isinstance(made.body[0], cst.Assign) and len(made.body[0].targets) == 1
                     and isinstance(made.body[0].targets[0].target, cst.Name)):
            raise Refusal(f"{what}, and the `{queue}` a call passes is not made by one "
                          "`string_input_producer(...)` assigned to it before the call")
        readers = site.scopes.readers_of(made, queue)
        if len(readers) != 1 or readers[0] is not given[0]:
            raise Refusal(f"{what}, and its caller's `{queue}` is used beyond that one call (a file queue shared by "
                          "two readers hands each file to one of them)")
        if not same_turns(site, made, holder):
            raise Refusal(f"{what}, and its caller calls `{fn.name.value}` in a loop (or a nested function) with "
                          f"one `{queue}`: several readers would share that file queue")
        if id(made) in seen:
            raise Refusal(f"{what}, and one queue is passed to it twice")
        seen.add(id(made))
        producers.append((made, bind(value, "train.string_input_producer"), queue))
        if home is not None:
            foreign[id(made)] = home
    return PassedQueue(name, producers, foreign)


def method_callers(finder, fn: cst.FunctionDef, cls: cst.ClassDef, what: str,
                   objects: set[int] = frozenset()) -> list[cst.Attribute]:
    """The ``self.method`` of each ``self.method(...)`` in the methods of ``cls`` (and the ``obj.method`` whose
    ids are ``objects``: calls on objects of ``cls``, ``batch_helper.instance_helper``): the only uses of the
    attribute name in the module (and in the tree's other modules), and ``cls`` defining it once."""
    method = fn.name.value
    module = finder.module
    if not isinstance(module, cst.Module):
        raise Refusal(f"{what}: its module is not found")
    defs = [d for d in nodes_of(module, cst.FunctionDef) if d.name.value == method]
    if len(defs) != 1:
        raise Refusal(f"{what}, and `{method}` is defined more than once in the module (an override would be "
                      "handed the file names instead of a queue)")
    over = overriders(finder, module, cls, method)
    if over:  # (a subclass of another module: its ``self.method`` would be handed the file names)
        raise Refusal(f"{what}, and `{over[0]}`, a subclass of `{cls.name.value}`, defines `{method}` again"
                      f"{OVERRIDDEN}: its callers would hand that one the file names instead of a queue")
    # (a TensorFlow call of the same name is no use of the method: ``train.batch(...)`` beside ``def batch(self``)
    # (nor is a module of its path: the ``train`` of ``tf.train.shuffle_batch(...)`` beside ``def train(self``)
    apis = {id(a) for c in nodes_of(module, cst.Call) if finder.api(c) is not None
            for a in nodes_of(c.func, cst.Attribute)}
    uses = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == method and id(a) not in apis]
    others = getattr(finder.external, "attribute_uses", None)
    if others is not None and others(method):
        raise Refusal(f"{what}, and another module of the tree uses `.{method}` too: its queue there is not followed")
    methods = [m for m in cls.body.body if isinstance(m, cst.FunctionDef)] \
        if isinstance(cls.body, cst.IndentedBlock) else []
    callers: list[cst.Attribute] = []
    for use in uses:
        if id(use) in objects:
            callers.append(use)
            continue
        home = next((m for m in methods if any(n is use for n in nodes_of(m, cst.Attribute))), None)
        me = home.params.params[0].name.value if home is not None and home.params.params else None
        if me is None or not (isinstance(use.value, cst.Name) and use.value.value == me):
            raise Refusal(f"{what}, and `.{method}` is used other than as `self.{method}(...)` in its class's "
                          "methods: those callers are not followed")
        callers.append(use)
    return callers
