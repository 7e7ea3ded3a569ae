"""The ``scan`` and ``migrate`` subcommands of ``tfdata-bridge``. Like ``cli``, this module prints; the
work is ``tfdata_bridge.migrate``, imported when a subcommand runs so that ``--help`` stays fast.

Exit status: 0 nothing found / nothing to change; 1 findings (``scan --check``) or changes (``migrate``);
2 errors (a file that cannot be read or parsed, which is skipped and never changed).
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Iterable

JSON_SCHEMA_VERSION = 1


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


def _table(report) -> str:  # report: ScanReport
    rows = [(f"{f.path}:{f.line}:{f.column}", f.api, _short_dropin(f.dropin), _short_tfdata(f.tfdata))
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
    return "\n".join(lines) + "\n"


def _json(report) -> str:
    doc = {
        "version": JSON_SCHEMA_VERSION,
        "files_scanned": report.files_scanned,
        "findings": [
            {"path": f.path, "line": f.line, "column": f.column, "api": f.api, "spelled": f.spelled,
             "dropin": f.dropin, "tfdata": f.tfdata}
            for f in report.findings
        ],
        "errors": [{"path": e.path, "message": e.message} for e in report.errors],
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


def _migrate(args: argparse.Namespace) -> int:
    from tfdata_bridge.migrate import python_files, rewrite_file

    if args.fallback and args.to != "tfdata":
        print("--fallback compat goes with --to tfdata (--to compat already runs everything through the drop-in)",
              file=sys.stderr)
        return 2
    changed = errors = 0
    for path in python_files(args.paths, args.exclude):
        result = rewrite_file(path, args.to, write=args.write, fallback=args.fallback)
        if result.error is not None:
            errors += 1
            print(f"{path}: skipped: {result.error}", file=sys.stderr)
            continue
        for note in result.notes:
            label = ("left, through the drop-in" if result.fallback else "left unchanged") \
                if note.kind == "refused" else "note"
            print(f"{path}:{note.line}: {label}: {note.message}", file=sys.stderr)
        if not result.changed:
            continue
        changed += 1
        if args.write:
            print(f"rewrote {path}", file=sys.stderr)
        else:
            sys.stdout.writelines(difflib.unified_diff(
                result.source.splitlines(keepends=True), result.code.splitlines(keepends=True),
                fromfile=f"a/{path}", tofile=f"b/{path}",
            ))
    if errors:
        return 2
    return 1 if changed else 0


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (folders are walked for *.py)")
    parser.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                        help="skip paths matching GLOB (whole path or any part of it); repeatable")


def add_scan(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scan", help="list every use of a legacy queue-pipeline API",
        description="Lists every use of a legacy queue-pipeline API (found by qualified name through the "
                    "file's imports), what the drop-in does with it and what `migrate --to tfdata` does. "
                    "Skips .git, virtual environments and build folders. Exit 0, or 1 with --check when "
                    "anything is found, 2 when a file cannot be parsed (it is skipped).",
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
                    "Prints a unified diff unless --write. Exit 0 nothing to change, 1 changes, 2 errors.",
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
