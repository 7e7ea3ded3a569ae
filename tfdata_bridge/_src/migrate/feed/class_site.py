"""Where the class form prints the queue's part of the chain: at the dequeue, as a rule; where the queue's
arguments read the names of the method that made it (``RandomShuffleQueue(capacity, min_after_dequeue,
dtypes, seed=seed)`` in ``add_queue(self, min_after_dequeue, seed)``), that part stays where the queue was made,
as a dataset on the instance, and the dequeue batches it:

    self.queue_dataset = from_generator(self.thread_main_all, ...).shuffle(self.queue_size, seed=seed)
    ...
    return make_one_shot_iterator(self.queue_dataset.batch(n, drop_remainder=True).prefetch(...)).get_next()
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of
from tfdata_bridge._src.migrate.feed.members import contains, methods_of


def made_of_locals(args: dict[str, cst.BaseExpression], kind: str, maker: cst.FunctionDef, cls: cst.ClassDef,
                    dstmt: cst.CSTNode, owner: str, placeholders: list[cst.Call] = ()) -> bool:
    """The queue's arguments read names of the method that made it (its parameters, its variables; its
    ``self`` where the dequeue reads the instance by another name): they mean nothing where it is dequeued.
    ``placeholders``: the fed placeholders' calls, whose shapes and dtypes the generator's specs may take."""
    local = {p.name.value for p in maker.params.params}
    for assign in nodes_of(maker, cst.Assign):
        for t in assign.targets:
            local |= {n.value for n in nodes_of(t.target, cst.Name)}
    me = maker.params.params[0].name.value
    same_self = owner == me and any(contains(m, dstmt) for m in methods_of(cls).values())
    keys = ("capacity", "seed", "dtypes", "shapes") if kind == "RandomShuffleQueue" else ("dtypes", "shapes")
    for expr in [*(args.get(key) for key in keys), *placeholders]:
        attrs = {id(a.attr) for a in nodes_of(expr, cst.Attribute)} if expr is not None else set()
        for n in nodes_of(expr, cst.Name) if expr is not None else ():
            if id(n) not in attrs and n.value in local and not (n.value == me and same_self):
                return True
    return False


def fresh_attr(module: cst.Module, cls: cst.ClassDef, base: str) -> str:
    """``base``, or ``base_2``...: no attribute of the module nor method of the class is so named."""
    taken = {a.attr.value for a in nodes_of(module, cst.Attribute)} | set(methods_of(cls))
    name, i = base, 2
    while name in taken:
        name, i = f"{base}_{i}", i + 1
    return name
