"""Elevator trip logs as TFRecords: a BatchServer object builds the pipeline in __init__, opens its session and
starts the runners in start(), gives one batch per next() and shuts down in stop(); the caller loops until the
data ends. TensorFlow 2 is aliased to its v1 API by a version check."""

import os

import tensorflow as tf

if int(tf.__version__.split(".")[0]) >= 2:
    tf = tf.compat.v1


def write_trips(path, n=22):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n):
            feature = {
                "car": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"car-%d" % (i % 3)])),
                "floors": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 9, (i * 5) % 12])),
                "wait_s": tf.train.Feature(float_list=tf.train.FloatList(value=[3.5 + (i % 7) * 4.25])),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


class BatchServer(object):
    FEATURES = {
        "car": tf.FixedLenFeature([], tf.string),
        "floors": tf.FixedLenFeature([2], tf.int64),
        "wait_s": tf.FixedLenFeature([], tf.float32),
    }

    def __init__(self, files, batch_size):
        self._queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        self._reader = tf.TFRecordReader()
        _, serialized = self._reader.read(self._queue)
        trip = tf.parse_single_example(serialized, self.FEATURES)
        trip["span"] = tf.abs(trip["floors"][1] - trip["floors"][0])
        trip["slow"] = tf.greater(trip["wait_s"], 20.0)
        self.batch = tf.train.batch(trip, batch_size=batch_size, allow_smaller_final_batch=True)
        self.sess = None

    def start(self):
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())
        self.sess.run(tf.local_variables_initializer())
        self.coord = tf.train.Coordinator()
        self.threads = tf.train.start_queue_runners(sess=self.sess, coord=self.coord)

    def next(self):
        return self.sess.run(self.batch)

    def stop(self):
        self.coord.request_stop()
        self.coord.join(self.threads)
        self.sess.close()


def main(data_dir):
    folder = os.path.join(data_dir, "h20_elevator")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "trips.tfrecord")
    write_trips(path)
    server = BatchServer([path], batch_size=4)
    server.start()
    batches = []
    try:
        while True:
            try:
                b = server.next()
            except tf.errors.OutOfRangeError:
                break
            batches.append({"car": [c.decode() for c in b["car"]], "floors": b["floors"].tolist(),
                            "span": b["span"].tolist(), "slow": b["slow"].tolist(),
                            "wait_s": [round(float(w), 3) for w in b["wait_s"]]})
    finally:
        server.stop()
    return {"batches": batches, "end": len(batches)}
