"""Ad-impression logs written as JSON `tf.train.Example`s, one per line: `decode_json_example` +
`parse_single_example`; the features are stacked into one vector, batched as a one-element list, which
`train.batch` gives back as one tensor."""

import json
import os

import tensorflow as tf
from google.protobuf import json_format


def write_logs(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "impressions.jsonl")
    with open(path, "w") as f:
        for i in range(26):
            example = tf.train.Example(features=tf.train.Features(feature={
                "ad_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[300 + i])),
                "bid": tf.train.Feature(float_list=tf.train.FloatList(value=[0.25 * (i % 9)])),
                "position": tf.train.Feature(int64_list=tf.train.Int64List(value=[1 + i % 4])),
                "clicked": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(i % 5 == 0)])),
            }))
            f.write(json.dumps(json.loads(json_format.MessageToJson(example))) + "\n")
    return path


FEATURES = {
    "ad_id": tf.io.FixedLenFeature([], tf.int64),
    "bid": tf.io.FixedLenFeature([], tf.float32),
    "position": tf.io.FixedLenFeature([], tf.int64),
    "clicked": tf.io.FixedLenFeature([], tf.int64),
}


def impression_vector(line):
    serialized = tf.io.decode_json_example(line)
    parsed = tf.io.parse_single_example(serialized, FEATURES)
    return tf.stack([
        tf.cast(parsed["ad_id"], tf.float32),
        parsed["bid"],
        1.0 / tf.cast(parsed["position"], tf.float32),
        tf.cast(parsed["clicked"], tf.float32),
    ])


def main(data_dir):
    path = write_logs(os.path.join(data_dir, "h17_adlogs_json_example_single_tensor"))
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.compat.v1.TextLineReader().read(queue)
    # A one-element list: the batch comes back as one tensor, not as a list.
    vectors = tf.compat.v1.train.batch([impression_vector(line)], batch_size=5, allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([sess.run(vectors).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
