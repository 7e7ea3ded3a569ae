"""Stock ticks: daily rows per ticker in two CSV shards; log return per row; the loop inside
`coord.stop_on_exception()`."""
import os

from tensorflow.compat import v1 as tf

COLUMNS = ["date", "ticker", "open", "close", "volume"]
DEFAULTS = [[""], [""], [0.0], [0.0], [0]]


def _write_ticks(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for shard, tickers in enumerate([("ACME", "BOLT"), ("CRUX",)]):
        path = os.path.join(folder, "ticks-%d.csv" % shard)
        with open(path, "w") as out:
            out.write(",".join(COLUMNS) + "\n")
            for day in range(7):
                for k, ticker in enumerate(tickers):
                    open_ = 10.0 + day + 3 * k + shard
                    close = open_ * (1.0 + 0.01 * ((day + k) % 5 - 2))
                    out.write("2024-01-%02d,%s,%.2f,%.2f,%d\n" % (day + 1, ticker, open_, close, 1000 * (day + 1) + k))
        paths.append(path)
    return paths


def tick_batches(paths, batch_size):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    date, ticker, open_, close, volume = tf.decode_csv(line, record_defaults=DEFAULTS)
    log_return = tf.math.log(close / open_)
    return tf.train.batch([date, ticker, log_return, volume], batch_size=batch_size,
                          allow_smaller_final_batch=True)


def main(data_dir):
    paths = _write_ticks(os.path.join(data_dir, "h18_stocks"))
    fetches = tick_batches(paths, batch_size=5)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        with coord.stop_on_exception():
            while not coord.should_stop():
                date, ticker, ret, volume = sess.run(fetches)
                batches.append([[d.decode() for d in date], [t.decode() for t in ticker],
                                [round(float(r), 6) for r in ret], volume.tolist()])
        stopped = coord.should_stop()
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stopped" if stopped else "running"}
