"""Network-intrusion detection on connection logs: the categorical protocol column is hashed into buckets in the
graph; the input builder hands its batch to the trainer through graph collections, not return values."""

import os

import tensorflow as tf

INPUTS = "input_features"
LABELS = "input_labels"
PROTOCOLS = ["tcp", "udp", "icmp"]
NUM_BUCKETS = 8


def write_connections(data_dir):
    out_dir = os.path.join(data_dir, "h16_collection_hash_bucket_inputs")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "connections.csv")
    with open(path, "w") as f:
        f.write("duration,protocol,bytes,attack\n")
        for i in range(20):
            f.write("%.1f,%s,%d,%d\n" % (i * 0.5, PROTOCOLS[(i * 2) % 3], 40 + i * 97, int(i % 4 == 3)))
    return path


def build_inputs(path, batch_size=6, num_epochs=1):
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=num_epochs, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    duration, protocol, nbytes, attack = tf.io.decode_csv(line, record_defaults=[[0.0], ["tcp"], [0], [0]])
    protocol_id = tf.strings.to_hash_bucket_fast(protocol, NUM_BUCKETS)
    log_bytes = tf.math.log1p(tf.cast(nbytes, tf.float32))
    batch = tf.compat.v1.train.batch([duration, protocol_id, log_bytes, attack], batch_size=batch_size,
                                     allow_smaller_final_batch=True)
    for tensor in batch[:3]:
        tf.compat.v1.add_to_collection(INPUTS, tensor)
    tf.compat.v1.add_to_collection(LABELS, batch[3])


def train_loop():
    features = tf.compat.v1.get_collection(INPUTS)
    labels = tf.compat.v1.get_collection(LABELS)[0]
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batches.append([c.tolist() for c in f] + [l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return batches


def main(data_dir):
    build_inputs(write_connections(data_dir))
    batches = train_loop()
    return {"batches": batches, "end": "log read"}
