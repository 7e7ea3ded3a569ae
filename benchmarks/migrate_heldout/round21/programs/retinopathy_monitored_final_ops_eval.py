"""Diabetic-retinopathy screening evaluation: fundus thumbnails in TFRecords, one pass, a dict batch;
streaming `tf.metrics.accuracy` / `auc` updated each step inside a `MonitoredSession` built from a
`ChiefSessionCreator(scaffold=Scaffold(...))`, the final metric values read by a `FinalOpsHook` when the
monitored session ends (on the end of the data)."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4
BATCH_SIZE = 6


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_records(data_dir):
    folder = os.path.join(data_dir, "h21_retina")
    os.makedirs(folder, exist_ok=True)
    n = 0
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(folder, "eval-%d.tfrecord" % shard)) as writer:
            for _ in range(8 + shard * 3):
                grade = (n * 3) % 5
                rows = [[(grade * 40 + n * 3 + r * 5 + c) % 256 for c in range(IMAGE_SIZE)] for r in range(IMAGE_SIZE)]
                example = tf.train.Example(features=tf.train.Features(feature={
                    "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(rows)])),
                    "image/grade": tf.train.Feature(int64_list=tf.train.Int64List(value=[grade])),
                    "image/id": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"eye-%03d" % n])),
                }))
                writer.write(example.SerializeToString())
                n += 1
    return os.path.join(folder, "eval-*.tfrecord")


def input_fn(pattern, batch_size):
    files = sorted(tf.gfile.Glob(pattern))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, {
        "image/encoded": tf.FixedLenFeature([], tf.string),
        "image/grade": tf.FixedLenFeature([], tf.int64),
        "image/id": tf.FixedLenFeature([], tf.string),
    })
    image = tf.image.decode_png(features["image/encoded"], channels=1)
    image = tf.image.convert_image_dtype(image, tf.float32)
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    referable = tf.cast(features["image/grade"] >= 2, tf.int64)
    return tf.train.batch({"image": image, "referable": referable, "id": features["image/id"]},
                          batch_size=batch_size, allow_smaller_final_batch=True)


def model_fn(images):
    with tf.variable_scope("screening"):
        w = tf.get_variable("w", [], initializer=tf.constant_initializer(9.0))
        b = tf.get_variable("b", [], initializer=tf.constant_initializer(-2.5))
        return tf.sigmoid(w * tf.reduce_mean(images, axis=[1, 2, 3]) + b)


def main(data_dir):
    pattern = write_records(data_dir)
    global_step = tf.train.get_or_create_global_step()
    features = input_fn(pattern, BATCH_SIZE)
    scores = model_fn(features["image"])
    predictions = tf.cast(scores > 0.5, tf.int64)

    accuracy, accuracy_update = tf.metrics.accuracy(labels=features["referable"], predictions=predictions)
    auc, auc_update = tf.metrics.auc(labels=features["referable"], predictions=scores, num_thresholds=20)
    eval_ops = tf.group(accuracy_update, auc_update)

    final_ops_hook = tf.train.FinalOpsHook(final_ops={"accuracy": accuracy, "auc": auc, "step": global_step})
    scaffold = tf.train.Scaffold(init_op=tf.global_variables_initializer(),
                                 local_init_op=tf.local_variables_initializer())
    session_creator = tf.train.ChiefSessionCreator(scaffold=scaffold,
                                                   config=tf.ConfigProto(inter_op_parallelism_threads=2))

    batches = []
    with tf.train.MonitoredSession(session_creator=session_creator, hooks=[final_ops_hook]) as session:
        while not session.should_stop():
            batch, score_values, _ = session.run([features, scores, eval_ops])
            batches.append({
                "id": [i.decode() for i in batch["id"]],
                "referable": batch["referable"].tolist(),
                "score": [round(float(s), 4) for s in score_values],
            })
    values = final_ops_hook.final_ops_values
    return {"batches": batches,
            "end": {k: round(float(v), 4) for k, v in sorted(values.items())}}
