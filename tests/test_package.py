"""The package itself: public surface, the TensorFlow requirement, and its message."""

import pathlib
import subprocess
import sys

import tfdata_bridge

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_public_names_are_sorted_and_present():
    assert tfdata_bridge.__all__ == sorted(tfdata_bridge.__all__)
    for name in tfdata_bridge.__all__:
        assert hasattr(tfdata_bridge, name), name


def _import_with_fake_tensorflow(tmp_path, body, code="import tfdata_bridge; tfdata_bridge.compile"):
    fake = tmp_path / "tensorflow"
    fake.mkdir()
    (fake / "__init__.py").write_text(body)
    env_path = f"{tmp_path}:{ROOT}"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"})


def test_old_tensorflow_is_refused_with_the_fix(tmp_path):
    out = _import_with_fake_tensorflow(tmp_path, "__version__ = '2.15.1'\n")
    assert out.returncode != 0
    assert "ImportError: tfdata_bridge needs TensorFlow >= 2.16, found 2.15.1" in out.stderr
    assert "pip install 'tfdata-bridge[cpu]'" in out.stderr


def test_missing_tensorflow_is_refused_with_the_fix(tmp_path):
    out = _import_with_fake_tensorflow(tmp_path, "raise ImportError('no tensorflow here')\n")
    assert out.returncode != 0
    assert "tfdata_bridge needs TensorFlow >= 2.16 and none is installed" in out.stderr


MISSING = "raise ImportError('no tensorflow here')\n"


def test_the_message_arrives_at_the_first_use_of_a_public_name(tmp_path):
    code = "import tfdata_bridge\nprint('imported')\nfrom tfdata_bridge import FIFOQueue"
    out = _import_with_fake_tensorflow(tmp_path, MISSING, code)
    assert out.stdout == "imported\n"
    assert "tfdata_bridge needs TensorFlow >= 2.16 and none is installed" in out.stderr


def test_the_drop_in_import_fails_at_once_without_tensorflow(tmp_path):
    out = _import_with_fake_tensorflow(tmp_path, MISSING, "import tfdata_bridge.compat.v1")
    assert out.returncode != 0
    assert "ImportError: tfdata_bridge needs TensorFlow >= 2.16 and none is installed" in out.stderr


def test_migration_and_the_command_need_no_tensorflow(tmp_path):
    program = (ROOT / "tests" / "legacy_programs" / "tfrecord_shuffle_batch.py").read_text()
    code = ("import sys, tfdata_bridge.migrate, tfdata_bridge.cli, tfdata_bridge._src.symbols\n"
            "from tfdata_bridge.migrate import rewrite, scan_source\n"
            f"source = {program!r}\n"
            "assert scan_source(source)\n"
            "assert rewrite(source, to='tfdata').changed and rewrite(source, to='compat').changed\n"
            f"assert tfdata_bridge.cli.main(['scan', '--format', 'json', {str(ROOT / 'tests' / 'legacy_programs')!r}]) == 0\n"
            "assert 'tensorflow' not in sys.modules\n"
            "print(tfdata_bridge.__version__)")
    out = _import_with_fake_tensorflow(tmp_path, MISSING, code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.endswith("0.1.0\n")


def test_unknown_attribute_is_an_attribute_error():
    assert not hasattr(tfdata_bridge, "no_such_name")
    assert set(tfdata_bridge.__all__) <= set(dir(tfdata_bridge))


def test_py_typed_marker_ships():
    assert (ROOT / "tfdata_bridge" / "py.typed").exists()
