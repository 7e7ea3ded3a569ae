"""A TF1-style program (`import tensorflow as tf`, the v1 API by its full path) that shuffles its files over two
epochs and reports, after the data ends, how many records and files its reader finished."""
import os

import tensorflow as tf

v1 = tf.compat.v1


class Evaluator(object):
    def __init__(self, data_dir):
        files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
        self.files = files

    def run(self):
        queue = v1.train.string_input_producer(self.files, num_epochs=2, shuffle=True, seed=5)
        reader = v1.TFRecordReader(name="eval_reader")
        key, record = reader.read(queue)
        parsed = v1.parse_single_example(record, {"label": v1.FixedLenFeature([], tf.int64)})
        files_done = reader.num_work_units_completed()
        records_done = reader.num_records_produced()
        labels = v1.train.batch([parsed["label"]], batch_size=7, allow_smaller_final_batch=True)
        batches = []
        with v1.Session() as sess:
            sess.run(v1.local_variables_initializer())
            threads = v1.train.start_queue_runners(sess=sess)
            try:
                while True:
                    batches.append([sess.run(labels).tolist()])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
            counts = [int(sess.run(files_done)), int(sess.run(records_done))]
        return {"batches": batches, "end": end, "counts": counts}


def main(data_dir):
    return Evaluator(data_dir).run()
