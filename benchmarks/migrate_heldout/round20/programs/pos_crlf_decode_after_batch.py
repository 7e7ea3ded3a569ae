"""Point-of-sale export from a Windows till: CRLF line endings, a UTF-8 BOM on the header, empty discount
fields. Raw lines are batched first and decode_csv runs on the batch of lines; two columns are required
(an empty tensor as their default)."""

import os

try:
    import tensorflow.compat.v1 as tf
except ImportError:  # TensorFlow 1.x
    import tensorflow as tf

def record_defaults():
    # receipt and qty are required: an empty tensor as their default.
    return [tf.constant([], dtype=tf.int32), [""], tf.constant([], dtype=tf.int32), [0.0], [0.0]]


def export_tills(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for till in range(2):
        path = os.path.join(folder, "till_%d.csv" % till)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write("\ufeffreceipt,store,qty,unit_price,discount\r\n")
            for i in range(11 + till * 4):
                discount = "" if i % 3 else "0.%d" % (1 + i % 4)
                f.write("%d,ST%02d,%d,%.2f,%s\r\n" % (5000 + till * 100 + i, till + 1, 1 + i % 4, 2.5 + i * 0.75,
                                                    discount))
        paths.append(path)
    return paths


def line_batches(files, batch_size=6):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    return tf.train.batch([line], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    lines = line_batches(export_tills(os.path.join(data_dir, "h20_pos")))
    receipt, store, qty, price, discount = tf.decode_csv(lines, record_defaults=record_defaults())
    total = tf.cast(qty, tf.float32) * price * (1.0 - discount)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                r, s, t = sess.run([receipt, store, total])
                out.append([r.tolist(), [x.decode() for x in s], [round(float(x), 3) for x in t]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": round(sum(sum(b[2]) for b in out), 2)}
