"""The seed patterns written as TF2 code with producer specs, and a compiled spec feeding Keras."""

import threading

import numpy as np

import tfdata_bridge as tfb


def test_numpy_producer_batched_with_capacity_2():
    """The `py_func` + `train.batch` program: a numpy producer, tf.train.batch(batch_size=2, capacity=2), doubled by the model."""
    input_shape, target_shape = (2, 2), ()
    trace, lock = [], threading.Lock()
    rng = np.random.default_rng(0)

    def get_numpy_tensors():
        with lock:
            trace.append("f")
            return rng.random(input_shape).astype(np.float32), np.int32(rng.integers(10))

    batch_size = 2
    spec = tfb.pipeline(tfb.Producer.call(get_numpy_tensors, calls=40), dtypes=["float32", "int32"],
                        shapes=[input_shape, target_shape], batch_size=batch_size, capacity=2)
    seen = 0
    for inputs, targets in tfb.compile(spec):
        inputs, targets = 2 * inputs, 2 * targets
        assert inputs.shape == (batch_size, *input_shape) and targets.shape == (batch_size, *target_shape)
        assert inputs.dtype.name == "float32" and targets.dtype.name == "int32"
        with lock:
            trace.append("r")
        seen += 1
    assert seen == 20
    text = "".join(trace)
    assert text.count("f") == 40 and text.count("r") == 20
    # production overlaps consumption: consumption starts long before production ends
    assert text.index("r") < text.rindex("f")
    # capacity bounds how far production runs ahead of consumption (capacity + chunk + prefetch)
    ahead = max(text[: i + 1].count("f") - 2 * text[: i + 1].count("r") for i in range(len(text)))
    assert ahead <= 2 + batch_size * (1 + spec.prefetch) + 2


def test_keras_fit_on_a_compiled_spec_reduces_the_loss(tf):
    rng = np.random.default_rng(1)
    true_w = rng.normal(size=(4, 1)).astype(np.float32)

    def examples():
        local = np.random.default_rng(2)
        for _ in range(512):
            x = local.normal(size=4).astype(np.float32)
            yield x, (x @ true_w).astype(np.float32)

    spec = tfb.pipeline(examples, dtypes=["float32", "float32"], shapes=[[4], [1]], batch_size=32,
                        shuffle=True, min_after_dequeue=64, capacity=256, seed=3)
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    history = model.fit(tfb.compile(spec), epochs=3, verbose=0)
    losses = history.history["loss"]
    assert losses[-1] < losses[0] * 0.5, losses
