import os

import tensorflow as tf

# tf.app.flags.DEFINE_string("param_name", "default_val", "description")
class Flags(object):
    train_data_path = "declarations.csv"
    log_dir = None
    batch_size = 3

FLAGS = Flags()

ROWS = [
    ("DEC-0001", "0808.10", 12.5, 3, "NZ"),
    ("DEC-0002", "8471.30", 1.2, 1, "CN"),
    ("DEC-0003", "6403.99", 4.75, 2, "IT"),
    ("DEC-0004", "0901.21", 20.0, 4, "CO"),
    ("DEC-0005", "9503.00", 3.3, 6, "DE"),
    ("DEC-0006", "2204.21", 9.0, 12, "FR"),
    ("DEC-0007", "8703.23", 1400.0, 1, "JP"),
    ("DEC-0008", "6109.10", 0.25, 40, "BD"),
]


def declaration_batch(path, batch_size):
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    ref, hs_code, gross_kg, packages, origin = tf.io.decode_csv(
        line, record_defaults=[[""], [""], [0.0], [0], ["??"]])
    duty_band = tf.strings.to_number(tf.strings.substr(hs_code, 0, 2), out_type=tf.int32)
    return tf.compat.v1.train.batch([ref, duty_band, gross_kg, packages, origin],
                                    batch_size=batch_size, allow_smaller_final_batch=True)


def main_flags(unused_argv, data_dir):
    folder = os.path.join(data_dir, "h49_customs_sv")
    os.makedirs(folder, exist_ok=True)
    train_data_path = os.path.join(folder, FLAGS.train_data_path)
    print("train_data_path", train_data_path)
    with open(train_data_path, "w") as f:
        f.write("reference,hs_code,gross_kg,packages,origin\n")
        for r in ROWS:
            f.write("%s,%s,%s,%d,%s\n" % r)

    batch = declaration_batch(train_data_path, FLAGS.batch_size)
    init = tf.compat.v1.global_variables_initializer()

    sv = tf.compat.v1.train.Supervisor(logdir=FLAGS.log_dir, init_op=init)
    out = []
    with sv.managed_session() as sess:
        while not sv.should_stop():
            refs, bands, kg, pk, origin = sess.run(batch)
            out.append([[r.decode() for r in refs], bands.tolist(),
                        [round(float(x), 4) for x in kg], pk.tolist(), [o.decode() for o in origin]])
        # sv.saver.save(sess, "/home/yongcai/tmp/")
    return out


def main(data_dir):
    batches = main_flags(None, data_dir)
    return {"batches": batches, "end": "declarations: %d" % sum(len(b[0]) for b in batches)}
