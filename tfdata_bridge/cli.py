"""The ``tfdata-bridge`` command. Subcommands: ``demo``, ``scan``, ``migrate``, ``materialize`` (more register the same way).

The CLI is the only place that prints; the work lives in ``tfdata_bridge._src`` and returns text.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from tfdata_bridge import __version__
from tfdata_bridge._cli_materialize import add_materialize
from tfdata_bridge._cli_migrate import add_migrate, add_scan

Handler = Callable[[argparse.Namespace], int]


def _demo(args: argparse.Namespace) -> int:
    from tfdata_bridge._src.demo import run_demo
    from tfdata_bridge._src.tf import tf

    tf.get_logger().setLevel("ERROR")  # TensorFlow's deprecation notices for the legacy run are expected here
    print(run_demo(quick=args.quick).render(), end="", flush=True)
    return 0


def _add_demo(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="run the two classic queue programs through the bridge and show what happened",
        description=(
            "Runs the two classic queue programs (the `py_func` + `train.batch` program and the feed-thread program) through the bridge and shows the producer spec, the tf.data "
            "code it compiles to (explain), production overlapping consumption as an f/r trace, and "
            "throughput beside the legacy graph-mode queue."
        ),
    )
    parser.add_argument("--quick", action="store_true", help="a shorter throughput run (under a second)")
    parser.set_defaults(handler=_demo)


# Each entry adds one subcommand.
SUBCOMMANDS: tuple[Callable[[argparse._SubParsersAction], None], ...] = (_add_demo, add_scan, add_migrate,
                                                                       add_materialize)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tfdata-bridge",
        description="TensorFlow 1.x queue-based input pipelines on tf.data.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
