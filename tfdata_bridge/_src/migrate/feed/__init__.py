"""The feed-thread codemod family (issue 17, item 2): a queue fed by Python threads through placeholders becomes
a ``from_generator`` source whose generator is the feeding loop, in a function or in a class.

    queue.py     what it matches: the fed queue kinds by TensorFlow path, their arguments, the shapes
    loop.py      the feeding loop: ``sess.run(enqueue, feed_dict=...)`` -> ``yield``, the close its end
    coord.py     a coordinator only the loop checks: its checks go with the thread
    class_coord.py  (class form) such a coordinator kept on ``self`` or passed in: its attribute and
                 parameters go too
    threads.py   how a feeding thread is made and what the program does with its handle
    plumbing.py  what goes with the threads: closers, close runs, their arguments
    function.py  the function form (``FeedFinder``), with ``passed.py`` (a feeding function handed its ops by
                 the thread's ``args=``) and ``placeholders.py`` (what the enqueue takes)
    klass.py     the class form (``class_feeds``), with ``members.py`` (an instance's attributes) and
                 ``starter.py`` (the method that started the thread); ``class_init.py`` (where an instance makes
                 its queue), ``class_threads.py`` (a thread per item, a closer), ``class_site.py`` (where the
                 queue's part of the chain is printed)
    printer.py   the one printer: the dataset chain and the comment, for both forms
    across.py    (a tree) a feeding class another module reaches beyond what the rewrite keeps
    class_local.py  (class form) a queue made under a local name in ``__init__`` and stored on ``self``
    thread_run.py   (class form) a ``threading.Thread`` subclass whose ``run`` feeds; a session kept on ``self``
    thread_driver.py  (class form) such a ``run`` that drives the feeding method (``self.feed()`` in its loop)
    feed_local.py   a ``feed_dict`` built on the line before the enqueue's run
    shape_reads.py  placeholders read only for their static shape, which stay
    shape_helpers.py  (class form) a side-effect-free method only the queue's ``shapes=`` calls: it goes with it
    queue_class.py  (class form) ``queue_class(...)``, a queue class every caller hands ``__init__``: that kind
    wrapped.py   (function form) a thread's target made by a wrapper (``@read_wrapper``, ``f = wrapper(g)``):
                 the wrapper's inner function feeds, and becomes the generator
    countdown.py (function form) several threads, the last to end closing the queue under a lock
    lambda_targets.py  ``Thread(target=lambda: feed(sess, op, ...))`` spelled ``target=feed, args=(...)`` where its
                 arguments read the same values when the thread runs (``feed_builders.py`` asks it)
    self_args.py (class form) a thread handed ``self.enqueue_op`` and the placeholders by ``args=``: the feeding
                 function (a module function moved in, or a method) reads them on ``self``
    drained.py   a ``queue.size()`` read after a loop ran the dequeue to ``OutOfRangeError``: its value then
                 (function form; ``queue_size.py`` asks it for a runner queue too)
"""

from __future__ import annotations

from tfdata_bridge._src.migrate.feed.function import FeedFinder
from tfdata_bridge._src.migrate.feed.klass import class_feeds
from tfdata_bridge._src.migrate.feed.queue import feed_prefix, feed_queue_kind

__all__ = ["FeedFinder", "class_feeds", "feed_prefix", "feed_queue_kind"]
