"""Card fraud: transactions CSV; settings from a JSON config file, the batching function chosen by name
(`getattr(tf.train, cfg["batcher"])`), two batching threads."""
import json
import os

import tensorflow.compat.v1 as tf

CONFIG = {"batcher": "batch", "batch_size": 6, "threads": 2, "epochs": 2, "capacity": 40}


def prepare(folder):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "transactions.csv"), "w") as out:
        out.write("tx,amount,hour,merchant,fraud\n")
        for i in range(25):
            out.write("%d,%.2f,%d,m%02d,%d\n" % (1000 + i, 3.5 * (i % 11) + 0.25 * i, (i * 7) % 24, i % 4,
                                                int(i % 7 == 3)))
    with open(os.path.join(folder, "config.json"), "w") as out:
        json.dump(CONFIG, out)
    return os.path.join(folder, "config.json")


def load_config(path):
    with open(path) as f:
        cfg = json.load(f)
    cfg["files"] = [os.path.join(os.path.dirname(path), "transactions.csv")]
    return cfg


def parse_transaction(line):
    tx, amount, hour, merchant, fraud = tf.decode_csv(line, [[0], [0.0], [0], ["m00"], [0]])
    night = tf.logical_or(hour < 6, hour >= 22)
    log_amount = tf.log1p(amount)
    return [tx, log_amount, tf.cast(night, tf.int32), merchant, fraud]


def transaction_batches(cfg):
    queue = tf.train.string_input_producer(cfg["files"], num_epochs=cfg["epochs"], shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    batcher = getattr(tf.train, cfg["batcher"])
    return batcher(parse_transaction(line), batch_size=cfg["batch_size"], num_threads=cfg["threads"],
                   capacity=cfg["capacity"], allow_smaller_final_batch=True)


def main(data_dir):
    cfg = load_config(prepare(os.path.join(data_dir, "h18_fraud")))
    tx, log_amount, night, merchant, fraud = transaction_batches(cfg)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, a, n, m, f = sess.run([tx, log_amount, night, merchant, fraud])
                batches.append([t.tolist(), [round(float(v), 5) for v in a], n.tolist(),
                                [v.decode() for v in m], f.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
