import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { shippingAddresses, users } from '../db/index.js';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
  passwordHash: users.passwordHash,
};

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(
  db: Queryable,
  row: { name: string; email: string; phoneNumber: string; passwordHash: string },
): Promise<number> {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
  if (!inserted) throw new Error('insert into users returned no row');
  return inserted.id;
}

export async function updatePasswordHash(
  db: Queryable,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export interface AddressRow {
  firstName: string;
  lastName: string;
  streetName: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

const addressColumns = {
  firstName: shippingAddresses.firstName,
  lastName: shippingAddresses.lastName,
  streetName: shippingAddresses.streetName,
  city: shippingAddresses.city,
  state: shippingAddresses.state,
  pincode: shippingAddresses.pincode,
  phone: shippingAddresses.phone,
};

export async function findAddress(db: Queryable, userId: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select(addressColumns)
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .limit(1);
  return row;
}

export async function upsertAddress(
  db: Queryable,
  userId: number,
  address: AddressRow,
  now: Date,
): Promise<void> {
  await db
    .insert(shippingAddresses)
    .values({ userId, ...address, updatedAt: now })
    .onConflictDoUpdate({
      target: shippingAddresses.userId,
      set: { ...address, updatedAt: now },
    });
}
