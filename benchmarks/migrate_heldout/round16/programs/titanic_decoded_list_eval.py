"""Tabular classification tutorial: the decoded CSV columns go to the batch as the list `decode_csv` returned, are
unpacked from it, combined into one feature table after the batch, and fetched with `Tensor.eval()`."""

import os

import tensorflow.compat.v1 as tf

BATCH = 5


def write_passengers(data_dir):
    out_dir = os.path.join(data_dir, "h16_titanic_decoded_list_eval")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "passengers.csv")
    with open(path, "w") as f:
        f.write("passenger_id,survived,pclass,sex,age,fare\n")
        for i in range(23):
            sex = "female" if i % 3 == 0 else "male"
            f.write("%d,%d,%d,%s,%.1f,%.2f\n" % (i + 1, (i * 5) % 2, 1 + i % 3, sex, 18 + i * 1.5, 7.25 * (1 + i % 4)))
    return path


def main(data_dir):
    filename_queue = tf.train.string_input_producer([write_passengers(data_dir)], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    record_defaults = [[0], [0], [0], [""], [0.0], [0.0]]
    decoded = tf.decode_csv(value, record_defaults=record_defaults)
    passenger_id, survived, pclass, sex, age, fare = tf.train.batch(decoded, BATCH, allow_smaller_final_batch=True)

    is_female = tf.cast(tf.equal(sex, "female"), tf.float32)
    features = tf.stack([tf.cast(pclass, tf.float32), is_female, age, fare], axis=1)
    ids_and_labels = tf.cast(tf.stack([passenger_id, survived], axis=1), tf.float32)
    table = tf.concat([ids_and_labels, features], axis=1)

    rows, end = [], None
    with tf.Session():
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                rows.append({"table": table.eval().tolist()})
        except tf.errors.OutOfRangeError:
            end = "done"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": rows, "end": [end, len(rows)]}
