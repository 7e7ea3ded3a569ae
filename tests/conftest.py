"""Shared test set-up: quiet TensorFlow logs, and one TensorFlow import for the whole session."""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def tf():
    import tensorflow

    return tensorflow
