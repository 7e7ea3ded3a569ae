"""A batch helper of another module of the tree (``batch_helper.py`` for one of the same module):

    # ingest_lib/batching.py                          # the caller
    def make_batch(example, batch_size=40):           from ingest_lib.batching import make_batch
        return tf.train.batch(example, ...)           example = decoders.read_example(queue)
                                                      return make_batch(example, batch_size=batch_size)

The caller makes the dataset of its elements and passes it, as for a helper of its own module; the helper
itself becomes the same function of the dataset in its module, through the tree's requests (``tree.py``): it is
turned only where every use of it in the tree is such a rewritten call, and all of them ask for the same new
helper; otherwise each caller is refused with the tree's reason. The new helper is written with the helper
module's own ``tensorflow.compat.v1`` alias and names fresh in that module; where it imports none (``from
tensorflow.compat.v1 import train``), with the alias its rewrite then imports (``calls.v1_spelling``).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, namer


@dataclass
class ForeignHelper:
    fn: cst.FunctionDef
    finder: object  # the Finder of the helper's module
    v1: str  # how the helper's module spells tensorflow.compat.v1 (imported there by its rewrite if need be)
    banned: str | None  # the tree's reason this helper cannot be turned, where it has one


def foreign_batch_helper(finder, call: cst.Call) -> ForeignHelper | None:
    """The batch helper of another module of the tree that ``call`` calls (``batches_its_parameters``), or None."""
    from tfdata_bridge._src.migrate.batch_helper import batches_its_parameters

    home = getattr(finder.external, "home", None)
    if home is None or not isinstance(call.func, (cst.Name, cst.Attribute)):
        return None
    found = home(call.func)
    if found is None:
        return None
    fn, module, other, banned = found
    if not batches_its_parameters(other, fn):
        return None
    from tfdata_bridge._src.migrate.calls import v1_spelling

    # (a module importing no alias, ``from tensorflow.compat.v1 import train``: the one its own rewrite adds)
    return ForeignHelper(fn, other, v1_spelling(module, other.refs)[0], banned)


def foreign_instance_helper(finder, at: cst.CSTNode, call: cst.Call) -> ForeignHelper | None:
    """The batch helper that ``call`` calls as a method of an object made for it of a class of another module of
    the tree (``from lib.net import Batch``, then ``Batch().train(image, label)``: ``batch_helper.made_for``), the
    class subclassed nowhere in the tree; None otherwise."""
    from tfdata_bridge._src.migrate.batch_helper import batches_its_parameters, made_for, plain_method
    from tfdata_bridge._src.migrate.calls import v1_spelling
    from tfdata_bridge._src.migrate.subclasses import defines

    classdef = getattr(finder.external, "classdef", None)
    made = made_for(finder.scopes, at, call)
    if classdef is None or made is None:
        return None
    try:
        found = classdef(made.func)
    except Refusal:
        return None  # (the tree's reason: the class stays, its batch with it, said there)
    if found is None:
        return None
    cls, module, other, check = found
    fn = plain_method(cls, call.func.attr.value)
    subclasses = getattr(finder.external, "subclasses", None)
    if fn is None or subclasses is None or any(defines(c, fn.name.value) for c in subclasses(cls)) or \
            not batches_its_parameters(other, fn):
        return None
    try:
        check(fn)
        banned = None
    except Refusal as exc:
        banned = str(exc)
    return ForeignHelper(fn, other, v1_spelling(module, other.refs)[0], banned)


def home_generator(helper: ForeignHelper):
    """A Generator writing in the helper's module: its alias, and names fresh there."""
    from tfdata_bridge._src.migrate.generate import Generator

    if helper.banned is not None:
        raise Refusal(helper.banned)
    taken = {*helper.finder.refs, helper.v1.split(".", 1)[0]}

    fresh = namer(taken)

    return Generator(helper.v1, helper.finder.code, fresh, lambda f: False, lambda n: helper.finder.paths.get(n),
                     helper.finder.scopes)


__all__ = ["ForeignHelper", "foreign_batch_helper", "foreign_instance_helper", "home_generator"]
