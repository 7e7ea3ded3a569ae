"""The ``scan`` and ``migrate`` subcommands of ``tfdata-bridge``. Like ``cli``, this module prints; the
work is ``tfdata_bridge.migrate``, imported when a subcommand runs so that ``--help`` stays fast.

Exit status (``EXIT_STATUS``, in both commands' ``--help``): 0 nothing found / nothing to change; 1 findings
(``scan --check``) or changes (``migrate``); 2 errors: a file or folder that cannot be read, decoded, parsed or
written back is reported on stderr and left as it was, and the run goes on (2 wins over 1). argparse's usage
errors exit 2 too.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Iterable

JSON_SCHEMA_VERSION = 1
EXIT_STATUS = ("Exit status: 0 {zero}; 1 {one}; 2 when a file or folder could not be {what}: each is "
               "reported on stderr as `PATH: skipped: REASON` and left as it was, and the run goes on "
               "(2 wins over 1).")


def _progress(files: list[str]) -> Iterable[str]:
    """A progress bar on stderr when it is a terminal and the tree is large; silent otherwise."""
    if not sys.stderr.isatty() or len(files) < 50:
        return files
    from tqdm import tqdm

    return tqdm(files, desc="scanning", unit="file", file=sys.stderr, leave=False)


def _short_dropin(dropin: str) -> str:
    return "TensorFlow's own" if dropin.startswith("TensorFlow") else dropin.split(":")[0].split(";")[0]


def _short_tfdata(tfdata: str) -> str:
    """The MIGRATE column: what the rewrite does at this site (``outcomes.site_outcomes``), its reason kept."""
    if tfdata.startswith("rewritten"):
        return "rewritten"
    if tfdata.startswith("removed"):
        return "removed where unused" if "where" in tfdata else "removed"
    return tfdata


def _location(path: str, cell: int | None, line: int, column: int | None = None) -> str:
    """``path:line[:column]``, or ruff's ``path:cell N:line[:column]`` in a notebook."""
    where = f"{path}:cell {cell}:{line}" if cell is not None else f"{path}:{line}"
    return where if column is None else f"{where}:{column}"


def _table(report) -> str:  # report: ScanReport
    rows = [(_location(f.path, f.cell, f.line, f.column), f.api, _short_dropin(f.dropin), _short_tfdata(f.tfdata))
            for f in report.findings]
    head = ("LOCATION", "API", "DROP-IN", "MIGRATE --to tfdata")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(3)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r[:3], widths)) + "  " + r[3] for r in [head, *rows]]
    if report.findings:
        lines.append("")
        seen: dict[str, str] = {}
        for f in report.findings:
            seen.setdefault(f.api, f.dropin)
        for api, dropin in seen.items():
            lines.append(f"{api}: {dropin}")
    files = len({f.path for f in report.findings})
    lines.append("")
    lines.append(f"{len(report.findings)} legacy queue API use(s) in {files} of {report.files_scanned} file(s)")
    for f in report.idle_starters:
        lines.append(f"{_location(f.path, f.cell, f.line, f.column)}: {f.api} kept: it starts no queue runners, "
                     "since no queue pipeline is left in what was scanned")
    for f in report.stop_flags:
        lines.append(f"{_location(f.path, f.cell, f.line, f.column)}: {f.api} {f.tfdata}")
    return "\n".join(lines) + "\n"


def _json(report) -> str:
    doc = {
        "version": JSON_SCHEMA_VERSION,
        "files_scanned": report.files_scanned,
        "findings": [
            {"path": f.path, "cell": f.cell, "line": f.line, "column": f.column, "api": f.api,
             "spelled": f.spelled, "dropin": f.dropin, "tfdata": f.tfdata}
            for f in report.findings
        ],
        "errors": [{"path": e.path, "message": e.message} for e in report.errors],
        "idle_starters": [{"path": f.path, "cell": f.cell, "line": f.line, "column": f.column, "api": f.api}
                          for f in report.idle_starters],
        "stop_flags": [{"path": f.path, "cell": f.cell, "line": f.line, "column": f.column, "api": f.api,
                        "tfdata": f.tfdata} for f in report.stop_flags],
    }
    return json.dumps(doc, indent=2) + "\n"


def _scan(args: argparse.Namespace) -> int:
    from tfdata_bridge.migrate import scan

    report = scan(args.paths, exclude=args.exclude, progress=_progress)
    sys.stdout.write(_json(report) if args.format == "json" else _table(report))
    for error in report.errors:
        print(f"{error.path}: skipped: {error.message}", file=sys.stderr)
    if report.errors:
        return 2
    return 1 if args.check and report.findings else 0


def _diff(path: str, result) -> Iterable[str]:  # result: RewriteResult
    """A unified diff of the change; for a notebook, one per changed code cell (``a/nb.ipynb:cell 3``)."""
    if not path.endswith(".ipynb"):
        pairs = [(path, result.source, result.code)]
    else:
        from tfdata_bridge._src.migrate.notebooks import cell_sources

        pairs = [(f"{path}:cell {i}", old or "", new or "")
                 for i, (old, new) in enumerate(zip(cell_sources(result.source), cell_sources(result.code)), 1)
                 if old != new]
    for name, old, new in pairs:
        old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
        for lines in (old_lines, new_lines):
            if lines and not lines[-1].endswith("\n"):
                lines[-1] += "\n"
        yield from difflib.unified_diff(old_lines, new_lines, fromfile=f"a/{name}", tofile=f"b/{name}")


def _migrate(args: argparse.Namespace) -> int:
    from tfdata_bridge._src.migrate.rewriting import rewrite_files
    from tfdata_bridge.migrate import python_files

    if args.fallback and args.to != "tfdata":
        print("--fallback compat goes with --to tfdata (--to compat already runs everything through the drop-in)",
              file=sys.stderr)
        return 2
    changed = errors = 0

    def walk_error(path: str, exc: OSError) -> None:
        nonlocal errors
        from tfdata_bridge._src.migrate.sources import error_text

        errors += 1
        print(f"{path}: skipped: {error_text(exc)}", file=sys.stderr)

    paths = list(python_files(args.paths, args.exclude, on_error=walk_error))
    for path, result in rewrite_files(paths, args.to, write=args.write, fallback=args.fallback):
        for note in result.notes:
            label = ("left, through the drop-in" if result.fallback else "left unchanged") \
                if note.kind == "refused" else "note"
            print(f"{_location(path, note.cell, note.line)}: {label}: {note.message}", file=sys.stderr)
        if result.error is not None:
            errors += 1
            print(f"{path}: skipped: {result.error}", file=sys.stderr)
            continue
        if not result.changed:
            continue
        changed += 1
        if args.write:
            print(f"rewrote {path}", file=sys.stderr)
        else:
            sys.stdout.writelines(_diff(path, result))
    if errors:
        return 2
    return 1 if changed else 0


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="files or folders (folders are walked for *.py and *.ipynb; links followed, "
                             "each real file once)")
    parser.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                        help="skip paths matching GLOB (whole path or any part of it); repeatable")


def add_scan(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scan", help="list every use of a legacy queue-pipeline API",
        description="Lists every use of a legacy queue-pipeline API (found by qualified name through the "
                    "file's imports), what the drop-in does with it and what `migrate --to tfdata` does. "
                    "Reads notebooks' code cells (findings name the cell). Skips .git, virtual environments "
                    "and build folders. "
                    + EXIT_STATUS.format(zero="nothing found, or findings without --check",
                                         one="findings with --check", what="read, decoded or parsed"),
    )
    _common(parser)
    parser.add_argument("--format", choices=("table", "json"), default="table",
                        help="table (default) or json: {version, files_scanned, findings: [{path, line, "
                             "column, api, spelled, dropin, tfdata}], errors: [{path, message}]}")
    parser.add_argument("--check", action="store_true", help="exit 1 when anything is found (CI, pre-commit)")
    parser.set_defaults(handler=_scan)


def add_migrate(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "migrate", help="rewrite legacy queue code: through the drop-in, or to tf.data",
        description="--to compat: the TensorFlow import(s) become tfdata_bridge.compat.v1, nothing else "
                    "changes. --to tfdata: each recognised pipeline becomes tf.data (the session loop stays); "
                    "what cannot be rewritten with the same meaning is left and reported with the reason. "
                    "Prints a unified diff unless --write; --write replaces each changed file atomically in its "
                    "own encoding (a BOM kept), writes through a symbolic link to its target, and puts a "
                    "notebook's changes back into its code cells (outputs and metadata kept). "
                    + EXIT_STATUS.format(zero="nothing to change", one="changes (shown, or written with --write)",
                                         what="read, decoded, parsed or written back"),
    )
    _common(parser)
    parser.add_argument("--to", choices=("compat", "tfdata"), required=True, help="the migration target")
    parser.add_argument("--fallback", choices=("compat",), default=None,
                        help="with --to tfdata: a file with a pipeline the rewrite had to leave also goes "
                             "through --to compat, so the left pipelines run through the drop-in (each note "
                             "says so); the migrated tree always runs")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--diff", action="store_true", help="print a unified diff, write nothing (default)")
    mode.add_argument("--write", action="store_true", help="replace each changed file (atomically)")
    parser.set_defaults(handler=_migrate)
