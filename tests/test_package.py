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


def _import_with_fake_tensorflow(tmp_path, body):
    fake = tmp_path / "tensorflow"
    fake.mkdir()
    (fake / "__init__.py").write_text(body)
    code = "import tfdata_bridge"
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


def test_py_typed_marker_ships():
    assert (ROOT / "tfdata_bridge" / "py.typed").exists()
