"""A function parameter re-bound in the function's body (the image tutorial's ``get_batch``: ``image =
tf.cast(image, tf.string)``, ``label = tf.cast(label, tf.int32)``, then the producer, then ``label =
input_queue[1]``): the parameter is bound before the body's first statement, so a read of the name after a
re-binding means that re-binding, not the parameter. Before, every read of such a name counted for every
binding, so the pipeline was refused ("`label` is also used outside the pipeline"), and a batch of the re-bound
names passed for a batch helper of the parameters ("`get_batch` uses its tensor `image` beyond the batch").

A batch helper whose first statements re-bind or shape its tensor parameters (the TF-GAN provider's
``batch_images``: ``image = image[:h, :w, :c]``, ``image.set_shape(...)``, then ``shuffle_batch`` or ``batch`` by
a flag): legacy ran those ops once per element, so the rewrite maps them over the helper's dataset.
"""

from __future__ import annotations

import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge.migrate import rewrite


# the tutorial's shape, with the reads after each re-binding
TUTORIAL = '''\
import glob
import os

import {tf_import}


def get_batch(image, label, size, batch_size, num_epochs):
    image = tf.cast(image, tf.string)
    label = tf.cast(label, tf.int32)
    input_queue = {producer}([image, label], shuffle=False, num_epochs=num_epochs)
    label = input_queue[1]
    contents = tf.read_file(input_queue[0])
    image = tf.image.decode_png(contents, channels=1)
    image = tf.image.resize_image_with_crop_or_pad(image, size, size)
    image = tf.cast(image, tf.float32)
    image_batch, label_batch = {batch}([image, label], batch_size=batch_size, capacity=32)
    label_batch = tf.reshape(label_batch, [batch_size])
    return image_batch, label_batch


def main(data_dir):
    paths = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    labels = [i % 2 for i in range(len(paths))]
    images, labels = get_batch(paths, labels, 2, 2, num_epochs=2)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, l = sess.run([images, labels])
                out.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {{"batches": out, "end": end}}
'''

TUTORIALS = {
    "v1_alias": dict(tf_import="tensorflow.compat.v1 as tf", producer="tf.train.slice_input_producer",
                     batch="tf.train.batch"),
    "from_import": dict(tf_import="tensorflow.compat.v1 as tf\nfrom tensorflow.compat.v1.train import "
                                  "slice_input_producer, batch as make_batch",
                        producer="slice_input_producer", batch="make_batch"),
}

# the same names re-bound by unpacking the producer, the tensors passed by keyword, a helper of the caller's
UNPACKED = '''\
import glob
import os

import tensorflow.compat.v1 as tf


def decode(path):
    image = tf.image.decode_png(tf.read_file(path), channels=1)
    return tf.cast(tf.image.resize_image_with_crop_or_pad(image, 3, 3), tf.float32)


def inputs(paths, labels, batch_size=3):
    paths = tf.convert_to_tensor(paths)
    labels = tf.cast(labels, tf.int64)
    paths, labels = tf.train.slice_input_producer([paths, labels], num_epochs=1, shuffle=False)
    pixels = decode(paths)
    return tf.train.batch(tensors=[pixels, labels], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    paths = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    pixels, labels = inputs(paths, list(range(len(paths))))
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        tf.train.start_queue_runners(sess=sess)
        try:
            while True:
                p, l = sess.run([pixels, labels])
                out.append([p.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {"batches": out, "end": end}
'''


# a batch helper with a prelude, fed by an inline reader whose value is decoded in the call's argument
PATCHES = '''\
import os

import {tf_import}


def to_float(image):
    # (a division by a constant here would be rewritten as legacy's session computed it: legacy_divisions.py)
    return tf.to_float(image) - 127.5


def {helper}(image, label, height, width, batch_size, shuffle):
    """Patches of the images."""
    image = image[:height, :width, :]
    {label_line}
    image.set_shape([height, width, 1])
    if shuffle:
        return tf.train.shuffle_batch([image, label], batch_size=batch_size, capacity=5 * batch_size,
                                      min_after_dequeue=batch_size)
    return tf.train.batch([image, label], batch_size=batch_size, allow_smaller_final_batch=True)


def provide(pattern, batch_size, shuffle=False):
    queue = tf.train.string_input_producer(tf.matching_files(pattern), shuffle=shuffle, num_epochs=1)
    path, image_bytes = tf.WholeFileReader().read(queue)
    return {call}


def main(data_dir):
    images, labels = provide(os.path.join(data_dir, "image-*.png"), 3)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        tf.train.start_queue_runners()
        try:
            while True:
                i, l = sess.run([images, labels])
                out.append([i.tolist(), [str(x) for x in l.tolist()]])  # paths: bytes
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {{"batches": out, "end": end}}
'''

PATCH_VARIANTS = {
    "keywords": dict(tf_import="tensorflow.compat.v1 as tf", helper="batch_images",
                     label_line="label = tf.strings.length(label)",
                     call="batch_images(image=to_float(tf.image.decode_png(image_bytes, channels=1)), label=path, "
                          "height=2, width=3, batch_size=batch_size, shuffle=shuffle)"),
    "positional_tuple": dict(tf_import="tensorflow.compat.v1 as tf", helper="make_patches",
                             label_line="image, label = tf.reverse(image, [0]), tf.strings.upper(label)",
                             call="make_patches(to_float(tf.image.decode_png(image_bytes, channels=1)), path, "
                                  "2, 3, batch_size, shuffle)"),
}


def _programs() -> dict[str, str]:
    out = {f"tutorial_{k}": TUTORIAL.format(**v) for k, v in TUTORIALS.items()}
    out["unpacked"] = UNPACKED
    out.update({f"patches_{k}": PATCHES.format(**v) for k, v in PATCH_VARIANTS.items()})
    return out


@pytest.mark.parametrize("name", sorted(n for n in _programs() if not n.startswith("patches")))
def test_a_re_bound_parameter_no_longer_pins_the_pipeline(name):
    result = rewrite(_programs()[name], to="tfdata")
    assert not result.refused, result.notes
    assert "from_tensor_slices(" in result.code
    assert "slice_input_producer(" not in result.code and "make_batch(" not in result.code
    # the re-bindings before the producer stay where they were: they make the in-memory data
    assert "tf.cast(label, tf.int32)" in result.code or "tf.cast(labels, tf.int64)" in result.code


def test_the_tutorial_batch_is_not_taken_for_a_batch_helper_of_its_parameters():
    result = rewrite(TUTORIAL.format(**TUTORIALS["v1_alias"]), to="tfdata")
    assert not any("batch helper" in n.message for n in result.notes), result.notes
    assert "def get_batch(image, label, size, batch_size, num_epochs):" in result.code  # its signature kept


def test_a_re_bound_name_read_beyond_the_batch_is_still_refused():
    source = TUTORIAL.format(**TUTORIALS["v1_alias"]).replace(
        "    return image_batch, label_batch\n", "    return image_batch, label_batch, label\n")
    result = rewrite(source, to="tfdata")
    assert result.refused
    assert any("`label` is also used outside the pipeline" in n.message for n in result.notes), result.notes


def test_a_parameter_re_bound_in_a_branch_is_still_read_as_either():
    # ``label`` after the ``if`` is the parameter or its cast: not one binding, so nothing moves on a guess
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def get_batch(image, label, cast):
            if cast:
                label = tf.cast(label, tf.int32)
            image, label = tf.train.slice_input_producer([image, label], shuffle=False)
            image = tf.read_file(image)
            return tf.train.batch([image, label], batch_size=2), label
        ''')
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code


def test_a_true_batch_helper_of_its_parameters_is_still_one():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def make_batches(image, label, shuffle):
            if shuffle:
                return tf.train.shuffle_batch([image, label], batch_size=2, capacity=8, min_after_dequeue=2)
            return tf.train.batch([image, label], batch_size=2)

        def inputs(files, shuffle):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = tf.TFRecordReader().read(queue)
            parsed = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32),
                                                     "label": tf.FixedLenFeature([], tf.int64)})
            return make_batches(parsed["x"], parsed["label"], shuffle)
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "def make_batches(dataset, shuffle):" in result.code


@pytest.mark.parametrize("name", sorted(PATCH_VARIANTS))
def test_a_batch_helper_prelude_is_mapped_over_its_dataset(name):
    variant = PATCH_VARIANTS[name]
    result = rewrite(PATCHES.format(**variant), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    helper = variant["helper"]
    assert f"def {helper}(dataset, height, width, batch_size, shuffle):" in code
    assert "def prepare_element(image, label):" in code and "return image, label" in code
    assert "dataset = dataset.map(prepare_element)" in code
    # the prelude runs before both batches, as legacy ran it before either queue
    assert code.index("dataset.map(prepare_element)") < code.index("if shuffle:")
    assert code.count("image.set_shape([height, width, 1])") == 1
    assert "train.batch(" not in code and "shuffle_batch(" not in code


def _patches(label_line: str, after: str = "") -> str:
    variant = {**PATCH_VARIANTS["keywords"], "label_line": label_line}
    return PATCHES.format(**variant).replace("    if shuffle:\n", f"{after}    if shuffle:\n", 1)


@pytest.mark.parametrize("label_line, after, reason", [
    # a tensor re-bound after the prelude: the batch takes that, not the prelude's value
    ("label = tf.strings.length(label)", "    size = height * width\n    label = tf.constant(1)\n",
     "re-binds its tensor `label`"),
    # a tensor read beyond the batch
    ("label = tf.strings.length(label)", "    tf.summary.scalar('len', label)\n", "uses its tensor `label`"),
    # the prelude ends at the first other statement; a later re-binding is not mapped
    ("size = height * width", "    image = tf.reshape(image, [size, 1])\n", "`image`"),
])
def test_a_helper_whose_tensors_change_beyond_its_prelude_is_still_refused(label_line, after, reason):
    result = rewrite(_patches(label_line, after), to="tfdata")
    assert result.refused
    assert any(reason in n.message for n in result.refused), result.notes


@pytest.mark.timeout(400)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {name: write_pair(tmp_path, name, text, rewrite(text, to="tfdata").code)
             for name, text in _programs().items()}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "exact")  # shuffle=False, one thread: legacy's order
