"""``tfdata_bridge.configure(service=...)`` and its environment variables (``_src/config.py``): what wins,
what turns the service off, and the errors for bad values. No TensorFlow, no server."""

from __future__ import annotations

import pytest

from tfdata_bridge._src import config


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    for name in ("TFDATA_BRIDGE_SERVICE", "TFDATA_BRIDGE_SERVICE_SHARDING", "TFDATA_BRIDGE_SERVICE_STRICT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(config, "_given", {})


class Dispatcher:  # what the setting reads of a tf.data.experimental.service.DispatchServer
    target = "grpc://localhost:5050"


def test_no_setting_no_service():
    assert config.service_settings() is None


def test_the_variables_alone_set_the_service(monkeypatch):
    monkeypatch.setenv("TFDATA_BRIDGE_SERVICE", "grpc://dispatcher:5050")
    assert config.service_settings() == config.ServiceSettings("grpc://dispatcher:5050", "dynamic", False)
    monkeypatch.setenv("TFDATA_BRIDGE_SERVICE_SHARDING", " Off ")
    monkeypatch.setenv("TFDATA_BRIDGE_SERVICE_STRICT", "true")
    assert config.service_settings() == config.ServiceSettings("grpc://dispatcher:5050", "off", True)


def test_configure_wins_over_the_variables_and_none_turns_the_service_off(monkeypatch):
    import tfdata_bridge

    monkeypatch.setenv("TFDATA_BRIDGE_SERVICE", "grpc://dispatcher:5050")
    monkeypatch.setenv("TFDATA_BRIDGE_SERVICE_SHARDING", "off")
    tfdata_bridge.configure(service=Dispatcher(), service_sharding="DYNAMIC")
    assert config.service_settings() == config.ServiceSettings("grpc://localhost:5050", "dynamic", False)
    tfdata_bridge.configure(service_strict=True)  # only what is named changes
    assert config.service_settings() == config.ServiceSettings("grpc://localhost:5050", "dynamic", True)
    tfdata_bridge.configure(service=None)
    assert config.service_settings() is None


@pytest.mark.parametrize("where, value, words", [
    ("service", "localhost:5050", "configure(service=...) must be the tf.data service dispatcher's address as "
                                  "'grpc://host:port' (or a DispatchServer); got 'localhost:5050'"),
    ("service", 5050, "got 5050"),
    ("service_sharding", "data", "configure(service_sharding=...) must be 'dynamic' (each element once per epoch "
                                 "across the service's workers) or 'off' (every worker runs the whole pipeline); "
                                 "got 'data'"),
    ("service_strict", "yes", "configure(service_strict=...) must be True, False or None; got 'yes'"),
])
def test_configure_refuses_a_bad_value_naming_it(where, value, words):
    with pytest.raises(ValueError) as e:
        config.configure(**{where: value})
    assert words in str(e.value)
    assert config._given == {}


@pytest.mark.parametrize("name, value, words", [
    ("TFDATA_BRIDGE_SERVICE", "grpc://", "the environment variable TFDATA_BRIDGE_SERVICE must be the tf.data "
                                         "service dispatcher's address as 'grpc://host:port'"),
    ("TFDATA_BRIDGE_SERVICE_SHARDING", "hint", "the environment variable TFDATA_BRIDGE_SERVICE_SHARDING must be "
                                               "'dynamic'"),
    ("TFDATA_BRIDGE_SERVICE_STRICT", "maybe", "the environment variable TFDATA_BRIDGE_SERVICE_STRICT must be 1 or 0 "
                                              "(true or false); got 'maybe'"),
])
def test_a_bad_variable_is_named_when_the_service_is_used(monkeypatch, name, value, words):
    monkeypatch.setenv("TFDATA_BRIDGE_SERVICE", "grpc://dispatcher:5050")
    monkeypatch.setenv(name, value)
    with pytest.raises(ValueError) as e:
        config.service_settings()
    assert words in str(e.value)


def test_configure_takes_keywords_only():
    with pytest.raises(TypeError):
        config.configure("grpc://localhost:5050")  # type: ignore[misc]
