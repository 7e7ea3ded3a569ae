"""The ``materialize`` subcommand of ``tfdata-bridge``: a Python producer's output written once to sharded
TFRecord files with its spec (``_src/scaling/materialize.py``), so that ``tfdata_bridge.materialized(dir)``
reads it natively (the tf.data service can take that). Like ``cli``, this module prints: a summary on
stdout, progress (tqdm, on a terminal) and errors on stderr.

Exit status: ``EXIT_STATUS`` (argparse's usage errors exit 2 too).
"""

from __future__ import annotations

import argparse
import importlib
import os
import runpy
import sys
from typing import Any

EXIT_STATUS = ("Exit status: 0 written; 2 when SOURCE cannot be imported or is no spec or dataset, OUT_DIR already "
               "holds materialized files (without --overwrite), or --shards is bad. A producer's own error "
               "propagates with its traceback, and nothing is left in OUT_DIR.")


def _load(source: str) -> Any:
    """``module:name`` or ``path/to/file.py:name``: that object, called if it is a function (a factory)."""
    where, _, name = source.rpartition(":")
    if not where or not name:
        raise ValueError(f"SOURCE must be MODULE:NAME or FILE.py:NAME (a PipelineSpec, a tf.data.Dataset, or a "
                         f"function returning one); got {source!r}")
    if where.endswith(".py"):
        if not os.path.exists(where):
            raise ValueError(f"{where} does not exist (SOURCE {source!r})")
        namespace = runpy.run_path(where, run_name="__materialize__")
    else:
        if os.getcwd() not in sys.path:  # as `python -m` does: a module in the working folder imports
            sys.path.insert(0, os.getcwd())
        try:
            namespace = vars(importlib.import_module(where))
        except ImportError as e:
            raise ValueError(f"cannot import {where!r} (SOURCE {source!r}): {e}") from None
    if name not in namespace:
        raise ValueError(f"{where} has no {name!r} (SOURCE {source!r})")
    value = namespace[name]
    from tfdata_bridge._src.spec.pipeline import PipelineSpec

    return value() if callable(value) and not isinstance(value, PipelineSpec) else value


def _materialize(args: argparse.Namespace) -> int:
    from tfdata_bridge._src.tf import tf

    tf.get_logger().setLevel("ERROR")
    from tfdata_bridge._src.scaling import materialize

    try:
        source = _load(args.source)
        materialize.elements_of(source)  # a TypeError for what is neither, before any file is made
    except (ValueError, TypeError) as e:
        print(f"tfdata-bridge materialize: {e}", file=sys.stderr)
        return 2
    bar = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(desc="materializing", unit="element", file=sys.stderr, leave=False)

    def progress(count: int) -> None:
        if bar is not None:
            bar.update(count - bar.n)

    try:
        written = materialize.write(source, args.out_dir, args.shards, origin=args.source,
                                    overwrite=args.overwrite, progress=progress)
    except ValueError as e:
        print(f"tfdata-bridge materialize: {e}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    print(f"wrote {written.elements} elements of {args.source} to {len(written.files)} TFRecord files in "
          f"{args.out_dir} (described by {written.spec_file}); read them with "
          f"tfdata_bridge.materialized({args.out_dir!r})")
    return 0


def _shards(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an int >= 1 (how many TFRecord files to write); got {text!r}")
    return value


def add_materialize(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "materialize",
        help="write a Python producer's output to sharded TFRecord files, so that it reads natively",
        description=(
            "Runs SOURCE (MODULE:NAME or FILE.py:NAME: a tfdata_bridge.pipeline spec, a tf.data.Dataset, or a "
            "function returning one) once and writes its elements (a spec's producers' elements, before its "
            "shuffle and batch) to OUT_DIR/part-0000i-of-0000N.tfrecord, with OUT_DIR/spec.json describing "
            "them. tfdata_bridge.materialized(OUT_DIR) reads them back as a native tf.data.Dataset (no Python "
            "op): the tf.data service and tf.data checkpoints take it. " + EXIT_STATUS
        ),
    )
    parser.add_argument("source", metavar="SOURCE", help="MODULE:NAME or FILE.py:NAME")
    parser.add_argument("out_dir", metavar="OUT_DIR", help="the folder to write (made if missing)")
    parser.add_argument("--shards", type=_shards, default=1, help="how many TFRecord files (default 1)")
    parser.add_argument("--overwrite", action="store_true", help="replace materialized files already in OUT_DIR")
    parser.set_defaults(handler=_materialize)
