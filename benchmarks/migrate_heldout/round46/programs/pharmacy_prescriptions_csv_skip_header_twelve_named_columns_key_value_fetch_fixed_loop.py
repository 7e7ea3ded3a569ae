
import os
import tensorflow as tf

COLUMNS = "rx_id,refills,days_supply,drug,form,strength_mg,qty,copay,prescriber,price,pharmacy,generic"


def write_rx(path):
    rows = [
        "1,0,30,atorvastatin,tab,20,30,5.0,DR-A,12.40,P1,Y",
        "2,2,90,lisinopril,tab,10,90,0.0,DR-B,8.10,P1,Y",
        "3,1,30,amoxicillin,cap,500,21,3.5,DR-C,6.75,P2,Y",
        "4,0,7,ibuprofen,tab,400,20,1.0,DR-A,3.20,P2,Y",
        "5,5,30,levothyroxine,tab,0.05,30,4.0,DR-D,9.99,P1,N",
        "6,0,10,prednisone,tab,5,20,2.0,DR-B,4.50,P3,Y",
        "7,3,30,metformin,tab,500,60,0.0,DR-C,7.25,P3,Y",
        "8,1,28,insulin,pen,100,5,35.0,DR-D,98.00,P2,N",
    ]
    with open(path, "w") as f:
        f.write(COLUMNS + "\n")
        for r in rows:
            f.write(r + "\n")


def main(data_dir):
    folder = os.path.join(data_dir, "h46_prescriptions")
    if not os.path.exists(folder):
        os.makedirs(folder)
    write_rx(os.path.join(folder, "tfformbook-rx-train.csv"))

    filename_queue = tf.compat.v1.train.string_input_producer([os.path.join(folder, "tfformbook-rx-train.csv")], shuffle=False)

    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    # print(key)
    # decode_csv will convert a Tensor from type string (the text line) in
    # a tuple of tensor columns with the specified defaults, which also
    # sets the data type for each column
    record_defaults=[[0], [0], [0], [""], [""], [0.0], [0], [0.0], [""], [0.0], [""], [""]]
    rx_id, refills, days_supply, drug, form, strength_mg, qty, copay, prescriber, price, pharmacy, generic = tf.io.decode_csv(value, record_defaults=record_defaults)

    out = []
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)

        for i in range(8):
            fea1, fea2, fea3, key1, value1 = sess.run([rx_id, refills, drug, key, value])
            # print(str(fea1) + " " + str(fea2))
            # print(key1)
            # print(value1)
            out.append([[int(fea1)], [int(fea2)], [fea3.decode()], [os.path.basename(key1.decode())], [value1.decode()]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "prescriptions: %d" % len(out)}
