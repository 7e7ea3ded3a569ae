"""Log shipping format: each text line is a web-safe base64 of a zlib-compressed CSV row; the pipeline decodes
base64, inflates the row and parses it."""
import base64
import os
import zlib

import tensorflow as tf

BATCH_SIZE = 5
RECORD_DEFAULTS = [[""], [0], [0.0]]


def write_logs(root):
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "events.b64"), "w") as f:
        for i in range(13):
            row = "host%02d,%d,%.3f" % (i % 4, i * 11, i / 8.0)
            f.write(base64.urlsafe_b64encode(zlib.compress(row.encode())).decode() + "\n")
    return os.path.join(root, "events.b64")


def decode_line(line):
    payload = tf.io.decode_base64(line)
    row = tf.io.decode_compressed(payload, compression_type="ZLIB")
    host, count, latency = tf.compat.v1.decode_csv(row, record_defaults=RECORD_DEFAULTS)
    return host, count, latency


def build_inputs(path):
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(filename_queue)
    host, count, latency = decode_line(line)
    return tf.compat.v1.train.batch([host, count, latency], batch_size=BATCH_SIZE, num_threads=1,
                                    allow_smaller_final_batch=True)


def main(data_dir):
    path = write_logs(os.path.join(data_dir, "h26_zlib_rows_decode_compressed_text_lines"))
    tf.compat.v1.disable_eager_execution()
    hosts, counts, latencies = build_inputs(path)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            h, c, l = sess.run([hosts, counts, latencies])
            batches.append([[x.decode() for x in h], c.tolist(), [round(float(x), 4) for x in l]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
